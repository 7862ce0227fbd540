"""Ukrainian phrases of the offline analyst (keys as in `en.py`)."""

PHRASES: dict[str, str] = {
    "skills": "підсумки й ключові показники, виручку по місяцях, тижнях чи кварталах, топ-N "
              "товарів (регіонів, клієнтів...), ABC-аналіз, розподіл за стовпцем, маржу за "
              "стовпцем, конверсію воронки та звіт про прибутки й збитки",
    "needs_model": "Без мовної моделі я можу відповісти про {skills}; для цього запитання "
                   "налаштуйте мовну модель у Settings (Налаштування).",
    "no_sales_tables": "У жодній таблиці немає числового стовпця, тож немає даних "
                       "для звіту.",
    "no_pnl": "Я не знайшов таблиці прибутків і збитків (виручка зі стовпцями витрат або "
              "стовпець рахунків із сумами).",
    "no_funnel": "Я не знайшов таблиці воронки (стовпці етапів, як-от відвідування, ліди й "
                 "замовлення, або стовпець етапу).",
    "no_amount": "Я не знайшов у даних стовпця із сумою (грошима).",
    "no_measure": "У таблиці {table} немає стовпця «{measure}».",
    "no_dimension": "Я не знайшов стовпця «{dimension}» у таблиці {table} (стовпці: {columns}).",
    "nothing_to_group": "немає за чим групувати",
    "no_date": "У таблиці {table} немає стовпця дати, тож я не можу показати «{measure}» у "
               "динаміці.",
    "no_item": "Я не знайшов у таблиці {table} стовпця товару чи позиції для рейтингу.",
    "no_cost": "У таблиці {table} немає стовпця собівартості, тож маржу обчислити неможливо.",
    "no_plan": "Я не зміг спланувати відповідь.",
    "add_file_first": "Спершу додайте файл з даними, а тоді ставте запитання.",
    "measure_revenue": "виручка", "measure_quantity": "кількість", "measure_orders": "замовлення",
    "measure_margin": "маржа", "measure_cost": "собівартість",
    "skipped": "Пропущено: {step}",
    "failed": "Не вдалося обчислити «{step}»: {reason}",
    "did_not_run": "крок не запускався",
    "stopped": "крок зупинився, не дійшовши до кінця",
    "no_figures": "Крок «{step}» виконано, але він не вивів показників, тож я не можу їх "
                  "навести.",
    "no_step": "Жоден крок не виконано.",
    "title_kpi": "Ключові показники: {amount}",
    "title_dynamics": "{amount} по {period}",
    "title_top": "Топ-{n}: {by} за показником «{amount}»",
    "title_abc": "ABC-аналіз: {item} за показником «{amount}»",
    "title_breakdown": "{amount} у розрізі «{by}»",
    "title_margin": "Валова маржа у розрізі «{by}»",
    "title_pnl": "Звіт про прибутки та збитки",
    "title_funnel": "Конверсія воронки",
    "other_not_drawn": "«Інші» ({items} поз., {share}% від загальної суми) є в таблиці, "
                       "але не показані на графіку.",
    "period_month": "місяць", "period_week": "тиждень", "period_quarter": "квартал",
    "periods_month": "місяців", "periods_week": "тижнів", "periods_quarter": "кварталів",
    "by_month": "місяцях", "by_week": "тижнях", "by_quarter": "кварталах",
    "note": "Примітка:",
    "kpi": "{amount}: разом {total}, рядків: {rows}",
    "kpi_orders": " (замовлень: {orders}, середній чек {aov})",
    "kpi_end": ".",
    "kpi_margin": " Валовий прибуток {profit}, валова маржа {margin}.",
    "kpi_profit": " Валовий прибуток {profit}.",
    "margin_no_pct": "Валовий прибуток {profit} при виручці {revenue}.",
    "margin_not_stated": "маржу не наведено",
    "share_not_stated": "частку не наведено",
    "title_variance": "{actual} проти {budget}",
    "variance": "Факт {actual} проти бюджету {budget}: відхилення {variance} ({pct}); "
                "сприятливих рядків: {favourable}, несприятливих: {unfavourable}.",
    "variance_worst": " Найбільше несприятливе відхилення — {name}: {variance}.",
    "kpi_returns": " Від'ємних рядків (повернень): {rows} на суму {returns}; їх враховано в "
                   "підсумку.",
    "dynamics": "{amount} по {period}: разом {total}, кількість {periods_word}: {periods}.",
    "dynamics_up": "Зміна за {label}: {change}, до {last}.",
    "dynamics_down": "Зміна за {label}: {change}, до {last}.",
    "dynamics_best": "Найбільше значення — {label}: {value}.",
    "top": "Топ-{shown} з {items} ({by}) дають {top_total}, {share} від загальної суми "
           "{total}. Найбільші: {names}.",
    "top_other": " Інші {rest} ({by}) дають {other} ({share}).",
    "top_other_one": " Інші {rest} ({by}) дають {other} ({share}).",
    "abc": "ABC-аналіз «{item}» за показником «{amount}» (позицій: {items}, разом {total}). "
           "Класи (кількість, частка): {classes}.",
    "abc_class": "{klass} — {count}, {share}",
    "breakdown": "{amount} у розрізі «{by}»: груп: {groups}, разом {total}. Найбільша — "
                 "{top}: {largest} ({share})",
    "breakdown_then": ", далі {others}.",
    "margin": "Валовий прибуток {profit} при виручці {revenue}, маржа {margin}.",
    "margin_best": " Найприбутковіше значення «{by}» — {best}: {best_profit}.",
    "margin_losses": " Збиткових значень «{by}»: {count}.",
    "funnel": "Загальна конверсія {overall}: {first} на першому етапі, {last} на останньому. "
              "Між етапами: {steps}.",
    "funnel_step": "{a} → {b}: {share}",
    "pnl": "Виручка {revenue}, собівартість {cogs}, валовий прибуток {gross_profit} "
           "({gross_margin}); операційні витрати {opex}, операційний прибуток "
           "{operating_profit} ({operating_margin}).",
    "pnl_losses": " Періодів з операційним збитком: {count}.",
    "list_sep": ", ",
    "item_sep": "; ",
    "report_title_finance": "Фінансовий звіт",
    "report_title": "Звіт про продажі",
    "period_range": "з {first} по {last}",
    "kpi_total": "{amount}, разом",
    "kpi_orders_label": "Замовлення",
    "kpi_aov": "Середній чек",
    "kpi_gross_margin": "Валова маржа",
    "kpi_last": "Останній {period} ({label})",
    "kpi_vs_previous": "до попереднього періоду",
    "rows_cut": "У таблиці перші {shown} з {total} рядків",
    "rows_cut_file": "; усі рядки — у файлі {file}.",
    "other_row": "Інші",
    "method_name": "Як отримано показники",
    "method_offline": "Звіт обчислено офлайн перевіреними методиками, описаними нижче, без "
                      "мовної моделі: ті самі файли завжди дають ті самі показники. Код кожного "
                      "кроку наведено в цьому додатку.",
    "method_model": "Деякі розділи отримано кодом, який написала мовна модель; цей код і його "
                    "результати наведено в цьому додатку.",
    "col_rank": "Місце", "col_share_pct": "Частка", "col_rows": "Рядків", "col_items": "Позицій",
    "col_orders": "Замовлень", "col_cumulative_pct": "Накопичена частка", "col_class": "Клас",
    "col_month": "Місяць", "col_week": "Тиждень", "col_quarter": "Квартал",
    "col_change": "Зміна", "col_change_pct": "Зміна, %", "col_yoy_change": "Зміна до минулого року",
    "col_yoy_pct": "Зміна до минулого року, %", "col_gross_profit": "Валовий прибуток",
    "col_margin_pct": "Маржа", "col_revenue": "Виручка", "col_cost": "Собівартість",
    "col_cogs": "Собівартість", "col_gross_margin_pct": "Валова маржа",
    "col_opex": "Операційні витрати", "col_operating_profit": "Операційний прибуток",
    "col_operating_margin_pct": "Операційна маржа", "col_stage": "Етап", "col_count": "Кількість",
    "col_stage_conversion_pct": "Конверсія з попереднього", "col_overall_conversion_pct":
    "Конверсія з першого", "col_drop_off": "Відсів", "col_period": "Період",
    "col_metric": "Показник", "col_value": "Значення",
    # The recipes' notes (see phrases.NOTE_PATTERNS for the English they translate).
    "note_covers": "Дані охоплюють період з {first} по {last}.",
    "note_negative": "Рядків із від'ємним значенням «{column}» (повернення чи коригування): "
                     "{rows}, разом {total}; їх враховано в підсумках.",
    "note_blank": "Рядків без значення «{column}»: {rows}; їх згруповано як «{label}».",
    "note_missing": "Рядків без значення у «{column}»: {rows}; у підсумках вони не "
                    "враховуються.",
    "note_text_numbers": "Стовпець «{column}» збережено як текст; його прочитано як числа "
                         "({how}).",
    "note_text_dates": "Стовпець «{column}» збережено як текст; його прочитано як дати ({how}).",
    "note_partial_last": "Останній період ({label}) має дані лише до {date}; його підсумок "
                         "неповний.",
    "note_partial_first": "Перший період ({label}) має дані лише з {date}.",
    "note_no_order": "Рядків без «{column}»: {rows}; їх не враховано як замовлення.",
    "note_undated": "Рядків без дати «{column}», яку можна прочитати: {rows}; їх не внесено до "
                    "таблиці за періодами, їхня сума «{amount}» — {total}.",
    "note_unreadable_dates": "Значень у «{column}», які не вдалося прочитати як дати: {rows}.",
    "note_empty_periods": "Без рядків: {periods}; показано як 0, а не пропущено.",
    "note_only_one": "Дані лише за один період: немає попереднього для порівняння.",
    "note_losses": "Збиткових значень «{by}» (собівартість вища за виручку): {rows} — {names}.",
    "note_tie": "Позицій з однаковою сумою {total} на місці {n}: {rows} ({names}); наведено "
                "перші за абеткою.",
    "note_not_positive": "Загальна сума «{column}» не додатна; частки не мають сенсу.",
    "note_abc_non_positive": "Значень «{item}» з нульовою чи від'ємною чистою сумою «{column}» "
                             "(повернення перевищують продажі): {rows}; вони в класі C і не "
                             "входять до накопичених часток.",
    "note_negative_cogs": "Собівартість збережено від'ємними числами; її показано як додатні "
                          "витрати.",
    "note_negative_opex": "Операційні витрати збережено від'ємними числами; їх показано як "
                          "додатні витрати.",
    "note_guessed_opex": "Не розпізнано за назвою, враховано як операційні витрати: {names}.",
    "note_below_line": "Нижче операційного прибутку, не враховано: {names}.",
    "note_cost_sign": "«{column}» містить витрати, збережені від'ємними числами (бухгалтерська "
                      "традиція); їх взято як додатні витрати.",
    "note_margin_high": "Маржу не наведено: прибуток вийшов більшим за виручку, так буває, коли "
                        "витрати збережено від'ємними числами або виручку згорнуто з витратами; "
                        "перевірте знаки стовпців виручки та витрат.",
    "note_margin_low": "Маржу не наведено: витрати вийшли більш ніж удвічі більшими за виручку, "
                       "зазвичай це означає хибний знак; перевірте знаки стовпців виручки та "
                       "витрат.",
    "note_margin_revenue": "Маржу не наведено: виручка не додатна ({total}), тож маржа не має "
                           "сенсу.",
    "note_share_high": "Частку не наведено: деякі суми від'ємні, тож частина вийшла більшою за "
                       "100% від загальної суми.",
    "note_share_negative_total": "Частку не наведено: загальна сума від'ємна ({total}).",
    "note_cells_hidden": "Значень «{column}», яких не показано: {rows} (вони поза можливими "
                         "межами, див. знаки стовпців).",
    "note_no_cogs": "Стовпця собівартості немає: валовий прибуток дорівнює виручці.",
    "note_loss_periods": "Збиткові періоди: {names}.",
    "name_value": "{name} ({value})",
    "step_title": "Крок {n}: {title}",
    "metric_orders_rows": "Замовлення (рядки; номера замовлення немає)",
    "metric_returns": "Повернення (від'ємні рядки)",
    "metric_return_rows": "Рядків повернень",
    "metric_days": "Днів у періоді",
    "no_profit": "У таблиці {table} немає стовпця прибутку і немає стовпця собівартості, щоб "
                 "його обчислити (прибуток = виручка − собівартість), тож відповісти за "
                 "прибутком я не можу; «{amount}» — це виручка, а не прибуток.",
    "no_cost_unit": "У таблиці {table} є лише собівартість одиниці («{column}») і немає стовпця "
                    "кількості, тож загальну собівартість і маржу обчислити неможливо.",
    "more_notes": "(Ще приміток: {n}; усі — в деталях кроку.)",
    "more_note": "(Ще одна примітка — в деталях кроку.)",
    "top_all": "Усі {items} ({by}) разом дають {total}. Найбільші: {names}.",
    "dynamics_best_worst": "Найкращий {period} — {best_label} ({best}); найгірший — "
                           "{worst_label} ({worst}).",
    "dynamics_list": "По {by}: {values}.",
    "kpi_quantity": " {quantity}, разом: {value}.",
    "note_cost_from_units": "«{column}» обчислено як {qty} × {unit}: «{unit}» — це "
                            "собівартість одиниці, а не підсумок.",
    "note_revenue_from_units": "«{column}» обчислено як {qty} × {unit}: у таблиці немає "
                               "стовпця виручки чи суми.",
    "note_profit_computed": "«{column}» обчислено як {revenue} − {cost}: у таблиці немає "
                            "стовпця прибутку.",
    "title_of_table": "{title} ({table})",
    "note_loss_rows": "Рядків, проданих у збиток (від'ємне значення «{column}»: собівартість "
                      "вища за виручку): {rows}, разом {total}; їх враховано в підсумках.",
    "note_revenue_not_profit": "У таблиці {table} немає стовпця собівартості, тож прибуток "
                               "обчислити не можна: це {amount} (виручка), а не прибуток.",
    "margin_losses_one": " Збиткових значень «{by}»: {count}.",
    "loss_item": "{name} приносить збиток {value}",
    "loss_items": "{items}. ",
}
