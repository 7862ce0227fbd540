"""The words of query readings and answers in English, Ukrainian, Russian and Chinese."""

from __future__ import annotations

from typing import Any

_EN = {
    "unused": "I did not use these words of the question: {words}.",
    "sum": "total of {m}", "mean": "average of {m}", "median": "median of {m}",
    "min": "minimum of {m}", "max": "maximum of {m}", "count": "number of rows",
    "nunique": "number of distinct {m}", "share": "share of the total {m}",
    "rows_desc": "the rows with the highest {m}", "rows_asc": "the rows with the lowest {m}",
    "row_desc": "the row with the highest {m}", "row_asc": "the row with the lowest {m}",
    "by": " by {g}", "and": " and ", "period": " per {unit}",
    "eq": "{c} is {v}", "ne": "{c} is not {v}", "in": "{c} is one of {v}",
    "gt": "{c} > {v}", "ge": "{c} ≥ {v}", "lt": "{c} < {v}", "le": "{c} ≤ {v}",
    "year": "in {v}", "quarter": "in Q{v}", "month": "in {v}", "where": ", where ",
    "top": ", top {n}", "bottom": ", bottom {n}", "first": ", highest first",
    "last": ", lowest first", "compare": ", change from {a} to {b}",
    "day": "day", "week": "week", "month_u": "month", "quarter_u": "quarter", "year_u": "year",
    "read_as": "I read this as: {reading}.", "source": "Table {table} (file {file}).",
    "value": "{reading}: {value}.", "groups": "{n} groups", "highest": "Highest: {label} ({value}).",
    "lowest": "Lowest: {label} ({value}).", "rows_used": "{rows} rows used",
    "missing": "{n} rows have no value in {c} and are left out.",
    "change": "{m}: {a_value} in {a}, {b_value} in {b}, a change of {diff} ({pct}).",
    "no_rows": "No rows match: {reading} cannot be computed.",
    "ask": "This question can be read in more than one way. Which one do you mean?",
    "suggest": "You could ask, for example:",
    "nothing_found": "I could not match this question to the columns of {table} "
                     "({columns}).",
    "no_date_for_filter": "I cannot keep only {what}: the table {table} has no date or year "
                          "column, and a figure over all rows would answer another question.",
    "no_date_for_period": "I cannot group by {period}: the table {table} has no date column.",
    "no_group_column": "I found no column for “{word}” in {table} (columns: {columns}); I did "
                       "not group by anything else instead.",
    "too_many_groups": "I can group by at most two columns at once ({columns} were named).",
    "no_measure": "I found no number column to aggregate in the question (number columns of "
                  "{table}: {columns}).",
    "share_needs_group": "A share of the total needs a grouping (for example “share of "
                         "{column} by {group}”).",
    "no_compared_column": "I found no number column to compare with {value}.",
    "which_table": "Several tables fit this question ({tables}). Which one do you mean?",
    "q_mean": "What is the average {m} by {g}?", "q_count": "How many rows are there per {g}?",
    "q_period": "Total {m} by month", "q_max": "Which {g} has the highest {m}?",
    "q_year": "Average {m} by year", "q_sum": "Total {m} by {g}",
}

_UK = {
    "unused": "Ці слова питання я не використав: {words}.",
    "sum": "сума {m}", "mean": "середнє {m}", "median": "медіана {m}", "min": "мінімум {m}",
    "max": "максимум {m}", "count": "кількість рядків", "nunique": "кількість різних {m}",
    "share": "частка від загальної суми {m}", "rows_desc": "рядки з найбільшим {m}",
    "rows_asc": "рядки з найменшим {m}", "row_desc": "рядок з найбільшим {m}",
    "row_asc": "рядок з найменшим {m}", "by": " у розрізі {g}", "and": " і ",
    "period": " по {unit}", "eq": "{c} = {v}", "ne": "{c} ≠ {v}", "in": "{c} — одне з: {v}",
    "gt": "{c} > {v}", "ge": "{c} ≥ {v}", "lt": "{c} < {v}", "le": "{c} ≤ {v}",
    "year": "у {v} році", "quarter": "у {v} кварталі", "month": "у місяці {v}", "where": ", де ",
    "top": ", перші {n}", "bottom": ", останні {n}", "first": ", від найбільшого",
    "last": ", від найменшого", "compare": ", зміна з {a} до {b}",
    "day": "днях", "week": "тижнях", "month_u": "місяцях", "quarter_u": "кварталах",
    "year_u": "роках",
    "read_as": "Я зрозумів це так: {reading}.", "source": "Таблиця {table} (файл {file}).",
    "value": "{reading}: {value}.", "groups": "груп: {n}", "highest": "Найбільше: {label} ({value}).",
    "lowest": "Найменше: {label} ({value}).", "rows_used": "використано рядків: {rows}",
    "missing": "Рядків без значення в {c}: {n}; їх не враховано.",
    "change": "{m}: {a_value} у {a}, {b_value} у {b}, зміна {diff} ({pct}).",
    "no_rows": "Жоден рядок не підходить: {reading} обчислити неможливо.",
    "ask": "Це питання можна зрозуміти по-різному. Що саме ви маєте на увазі?",
    "suggest": "Можна запитати, наприклад:",
    "nothing_found": "Я не зміг зіставити це питання зі стовпцями таблиці {table} ({columns}).",
    "no_date_for_filter": "Я не можу відібрати лише {what}: у таблиці {table} немає стовпця з "
                          "датою чи роком, а число за всі рядки відповідало б на інше питання.",
    "no_date_for_period": "Я не можу згрупувати по {period}: у таблиці {table} немає дати.",
    "no_group_column": "Я не знайшов стовпця «{word}» у {table} (стовпці: {columns}); за "
                       "іншим я не групував.",
    "too_many_groups": "Групувати можна щонайбільше за двома стовпцями ({columns}).",
    "no_measure": "У питанні немає числового стовпця для обчислення (числові стовпці {table}: "
                  "{columns}).",
    "share_needs_group": "Для частки потрібне групування (наприклад «частка {column} за {group}»).",
    "no_compared_column": "Я не знайшов числового стовпця для порівняння з {value}.",
    "which_table": "Питанню відповідають кілька таблиць ({tables}). Яку саме ви маєте на увазі?",
    "q_mean": "Середнє {m} за {g}", "q_count": "Скільки рядків за {g}?",
    "q_period": "Сума {m} по місяцях", "q_max": "Яке значення {g} має найбільше {m}?",
    "q_year": "Середнє {m} по роках", "q_sum": "Сума {m} за {g}",
}

_RU = {
    "unused": "Эти слова вопроса я не использовал: {words}.",
    "sum": "сумма {m}", "mean": "среднее {m}", "median": "медиана {m}", "min": "минимум {m}",
    "max": "максимум {m}", "count": "количество строк", "nunique": "количество разных {m}",
    "share": "доля от общей суммы {m}", "rows_desc": "строки с наибольшим {m}",
    "rows_asc": "строки с наименьшим {m}", "row_desc": "строка с наибольшим {m}",
    "row_asc": "строка с наименьшим {m}", "by": " в разрезе {g}", "and": " и ",
    "period": " по {unit}", "eq": "{c} = {v}", "ne": "{c} ≠ {v}", "in": "{c} — одно из: {v}",
    "gt": "{c} > {v}", "ge": "{c} ≥ {v}", "lt": "{c} < {v}", "le": "{c} ≤ {v}",
    "year": "в {v} году", "quarter": "в {v} квартале", "month": "в месяце {v}", "where": ", где ",
    "top": ", первые {n}", "bottom": ", последние {n}", "first": ", по убыванию",
    "last": ", по возрастанию", "compare": ", изменение с {a} по {b}",
    "day": "дням", "week": "неделям", "month_u": "месяцам", "quarter_u": "кварталам",
    "year_u": "годам",
    "read_as": "Я понял это так: {reading}.", "source": "Таблица {table} (файл {file}).",
    "value": "{reading}: {value}.", "groups": "групп: {n}",
    "highest": "Больше всего: {label} ({value}).", "lowest": "Меньше всего: {label} ({value}).",
    "rows_used": "использовано строк: {rows}",
    "missing": "Строк без значения в {c}: {n}; они не учтены.",
    "change": "{m}: {a_value} в {a}, {b_value} в {b}, изменение {diff} ({pct}).",
    "no_rows": "Ни одна строка не подходит: {reading} вычислить нельзя.",
    "ask": "Этот вопрос можно понять по-разному. Что именно вы имеете в виду?",
    "suggest": "Можно спросить, например:",
    "nothing_found": "Я не смог сопоставить этот вопрос со столбцами таблицы {table} "
                     "({columns}).",
    "no_date_for_filter": "Я не могу отобрать только {what}: в таблице {table} нет столбца с "
                          "датой или годом, а число по всем строкам ответило бы на другой вопрос.",
    "no_date_for_period": "Я не могу сгруппировать по {period}: в таблице {table} нет даты.",
    "no_group_column": "Я не нашёл столбца «{word}» в {table} (столбцы: {columns}); по "
                       "другому я не группировал.",
    "too_many_groups": "Группировать можно не более чем по двум столбцам ({columns}).",
    "no_measure": "В вопросе нет числового столбца для вычисления (числовые столбцы {table}: "
                  "{columns}).",
    "share_needs_group": "Для доли нужна группировка (например «доля {column} по {group}»).",
    "no_compared_column": "Я не нашёл числового столбца для сравнения с {value}.",
    "which_table": "Вопросу подходят несколько таблиц ({tables}). Какую вы имеете в виду?",
    "q_mean": "Среднее {m} по {g}", "q_count": "Сколько строк по {g}?",
    "q_period": "Сумма {m} по месяцам", "q_max": "Какое значение {g} имеет наибольшее {m}?",
    "q_year": "Среднее {m} по годам", "q_sum": "Сумма {m} по {g}",
}

_ZH = {
    "unused": "问题中的这些词没有用到：{words}。",
    "sum": "{m}的总和", "mean": "{m}的平均值", "median": "{m}的中位数", "min": "{m}的最小值",
    "max": "{m}的最大值", "count": "行数", "nunique": "{m}的不同值个数",
    "share": "{m}占总数的比例", "rows_desc": "{m}最高的行", "rows_asc": "{m}最低的行",
    "row_desc": "{m}最高的行", "row_asc": "{m}最低的行", "by": "，按{g}", "and": "和",
    "period": "，按{unit}", "eq": "{c}为{v}", "ne": "{c}不为{v}", "in": "{c}为{v}之一",
    "gt": "{c} > {v}", "ge": "{c} ≥ {v}", "lt": "{c} < {v}", "le": "{c} ≤ {v}",
    "year": "{v}年", "quarter": "第{v}季度", "month": "{v}月", "where": "，",
    "top": "，前{n}", "bottom": "，后{n}", "first": "，从高到低", "last": "，从低到高",
    "compare": "，从{a}到{b}的变化", "day": "日", "week": "周", "month_u": "月",
    "quarter_u": "季度", "year_u": "年",
    "read_as": "我的理解是：{reading}。", "source": "数据表 {table}（文件 {file}）。",
    "value": "{reading}：{value}。", "groups": "{n} 组", "highest": "最高：{label}（{value}）。",
    "lowest": "最低：{label}（{value}）。", "rows_used": "使用 {rows} 行",
    "missing": "{c} 中有 {n} 行没有值，未计入。",
    "change": "{m}：{a} 为 {a_value}，{b} 为 {b_value}，变化 {diff}（{pct}）。",
    "no_rows": "没有符合条件的行：无法计算{reading}。",
    "ask": "这个问题可以有不同的理解。您指的是哪一个？", "suggest": "例如，您可以问：",
    "nothing_found": "我无法将这个问题与表 {table} 的列（{columns}）对应起来。",
    "no_date_for_filter": "无法只保留 {what}：表 {table} 没有日期或年份列，用全部行计算会回答另一个问题。",
    "no_date_for_period": "无法按{period}分组：表 {table} 没有日期列。",
    "no_group_column": "在 {table} 中找不到“{word}”列（列：{columns}）；我没有改用其他列分组。",
    "too_many_groups": "最多只能按两列分组（提到了 {columns}）。",
    "no_measure": "问题中没有可计算的数值列（{table} 的数值列：{columns}）。",
    "share_needs_group": "占比需要分组（例如“按{group}的{column}占比”）。",
    "no_compared_column": "找不到与 {value} 比较的数值列。",
    "which_table": "有几个表都符合这个问题（{tables}）。您指的是哪一个？",
    "q_mean": "按{g}的平均{m}", "q_count": "每个{g}有多少行？", "q_period": "按月的{m}总和",
    "q_max": "哪个{g}的{m}最高？", "q_year": "按年的平均{m}", "q_sum": "按{g}的{m}总和",
}

WORDS: dict[str, dict[str, str]] = {"en": _EN, "uk": _UK, "ru": _RU, "zh": _ZH}


def qsay(language: str, key: str, **values: Any) -> str:
    """The template `key` in `language` (English when missing), filled in."""
    table = WORDS.get(language, _EN)
    return (table.get(key) or _EN[key]).format(**values)
