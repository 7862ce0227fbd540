"""Chinese wording of the data card's assumptions (keys: `patterns.PATTERNS`)."""

LIST_COMMA = "、"
LIST_AND = " 和 "
SENTENCE_JOIN = ""
THOUSANDS = ","

TEMPLATES = {
    "encoding_detected": "文本编码识别为 {enc}（不是 UTF-8）。",
    "encoding_bom": "文本编码为 {enc}（依据字节顺序标记）。",
    "encoding_forced": "编码由您指定：{enc}。",
    "unreadable_chars": "{n} 个字符无法读取，显示为 \ufffd。",
    "separator": "列以{delimiter}分隔。",
    "header_row": "表头在第 {row} 行。",
    "header_row_chosen": "表头在第 {row} 行（按您的选择）。",
    "header_merged": "表头在第 {a}–{b} 行（合并的两行表头，以 ' / ' 连接）。",
    "no_header": "未找到表头行：列名为 Column 1、Column 2……",
    "skipped_above": "跳过表头上方 {total} 行（{details}）。",
    "excluded": "作为{reason}排除：{rows}{more}。",
    "blank_rows": "跳过数据中的 {n} 个空行。",
    "empty_column": "列 {label} 为空，已删除。",
    "unnamed_column": "无表头的列命名为 {name}。",
    "duplicate_name": "有两列名为 {base}；第二列现为 {new}。",
    "dates": "{name} 中的日期按{how}读取（{example}）{tail}。",
    "excel_serials": "{name} 为 Excel 日期序列号，已读取为日期。",
    "not_dates": "{name} 中有 {n} 个值不是日期，已留空，例如 {examples}。",
    "not_numbers": "{name} 中有 {n} 个值不是数字，已留空，例如 {examples}。",
    "decimal_comma": "{names} 中的逗号读作小数点。",
    "ambiguous_thousands": "{name}：'1,234' 这样的值有两种读法；{mark}被视为千位分隔符（{source}）。",
    "duplicates": "{n} 行与之前某行完全重复；已保留（请检查导出是否重复了这些行）。",
    "currency": "已从 {names} 中去除 '{sign}'{code}。",
    "thousands": "{names} 中的{marks}读作千位分隔符（小数点为{decimal}）。",
    "parentheses": "({ex}) 读作 \u2212{ex}：{name} 中有 {n} 个值。",
    "percent": "已去除 {names} 中的百分号；12.5% 存为 0.125。",
    "sheet_chosen_by_user": "按您的选择读取工作表 {sheet}。",
    "sheet_chosen": "选择工作表 {sheet}：表格在此{skipped}。",
    "sheets_read": "工作表 {sheets} 含有表格：各自作为独立的表读取{skipped}。",
    "formulas_saved": "公式单元格取自 Excel 随文件保存的计算结果。",
    "formulas_computed": "{n} 个公式单元格没有保存的结果（文件不是由 Excel 保存的）；已根据公式计算。",
    "formulas_missing": "{n} 个公式单元格没有保存的结果且无法计算，现为空。请在 Excel 中打开文件、保存后重新上传。",
    "sheets_empty": "工作表 {sheets} 表头下没有数据行，未读取。",
    "sheets_not_joined": "工作表 {sheets} 列相同，但 {name} 在各表中的读取类型不同（{dtypes}），因此未合并为一个表。",
    "own_table": "每个都是独立的表。",
    "sheets_also_joined": ("工作表 {sheets} 列相同：按工作表读取为 {n} 个表（可分别提问），并合并为表 '{slug}'"
                           "（可对全部一起提问）。"),
    "sheets_joined": ("工作表 {sheets} 列相同：此表合并了它们的 {count} 行，工作表名称在列 {label} 中；"
                      "每个工作表也是独立的表，可以一起或分别提问。"),
    "sheet_prefix": "工作表 {sheet}：{rest}",
    "parquet": "Parquet 文件按原样使用。",
}

WORDS = {
    "delimiter": {"comma": "逗号", "semicolon": "分号", "tab": "制表符", "pipe": "竖线"},
    "reason": {"total row": "合计行", "subtotal row": "小计行", "footnote": "脚注",
               "wrong number of fields": "字段数不符的行"},
    "how": {"as ISO dates, year-month-day": " ISO 日期（年-月-日）", "day-first": "日在前",
            "month-first": "月在前", "year-first": "年在前", "as month and year": "月和年",
            "as year and month": "年和月"},
    "tail": {"; as you chose": "；按您的选择", "; the values fit both ways": "；这些值两种读法都成立"},
    "mark": {"comma": "逗号", "dot": "点"},
    "source": {"as you chose": "按您的选择", "like the other columns": "与其他列一致", "by default": "默认"},
    "marks": {"Commas": "逗号", "Dots": "点", "Spaces": "空格"},
    "decimal": {"dot": "点", "comma": "逗号"},
    "skip_reason": {"looks like a cover or notes page": "看起来是封面或说明页",
                    "no table could be read from it": "无法从中读取表格", "hidden": "已隐藏"},
    "code": {"JPY or CNY (¥)": "JPY 或 CNY (¥)"},
}

FRAGMENTS = {
    "titles": "标题或说明 {} 行", "blanks": "空行 {} 行", "joiner": "，",
    "skipped": "；未读取：{}", "code": "；金额按 {} 读取", "more": "，另有 {} 行",
    "row": "第 {} 行", "column": "第 {} 列",
}
