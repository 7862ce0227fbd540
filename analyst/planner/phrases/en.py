"""English phrases of the offline analyst (the reference: every language has these keys).

Placeholders are filled with figures already formatted by `analyst.report.formats`, so the
words quote exactly what the tables show.
"""

PHRASES: dict[str, str] = {
    # What the offline brain can do, and the reasons it cannot answer.
    "skills": "totals and key figures, revenue by month, week or quarter, top N products (or "
              "regions, customers...), ABC analysis, breakdowns by a column, margin by a "
              "column, funnel conversion and the P&L summary",
    "needs_model": "I can answer {skills} offline; for this question configure a language "
                   "model in Settings.",
    "no_sales_tables": "None of the tables has a column of numbers, so there are no "
                       "figures to report.",
    "no_pnl": "I found no P&L table (revenue with expense columns, or an account column with "
              "amounts).",
    "no_funnel": "I found no funnel table (stage columns such as visits, leads and orders, or "
                 "a stage column).",
    "no_amount": "I found no amount (money) column in the data.",
    "no_measure": "The table {table} has no {measure} column.",
    "no_dimension": "I found no {dimension} column in {table} (columns: {columns}).",
    "nothing_to_group": "none to group by",
    "no_date": "The table {table} has no date column, so I cannot show {measure} by {period}.",
    "no_item": "I found no product or item column in {table} to rank.",
    "no_cost": "The table {table} has no cost column, so the margin cannot be computed.",
    "no_plan": "I could not plan an answer.",
    "add_file_first": "Add a data file first, then ask.",
    "measure_revenue": "revenue", "measure_quantity": "quantity", "measure_orders": "orders",
    "measure_margin": "margin", "measure_cost": "cost",
    # Running the steps.
    "skipped": "Skipped: {step}",
    "failed": "{step} could not be computed: {reason}",
    "did_not_run": "it did not run",
    "stopped": "it stopped before its end",
    "no_figures": "{step} ran but printed no figures, so I cannot quote them.",
    "no_step": "No step was run.",
    # Step titles (also the report's section titles).
    "title_kpi": "Key figures: {amount}",
    "title_dynamics": "{amount} by {period}",
    "title_top": "Top {n} {by:words} by {amount:word}",
    "title_abc": "ABC analysis of {item:words} by {amount:word}",
    "title_breakdown": "{amount} by {by:word}",
    "title_margin": "Gross margin by {by:word}",
    "title_pnl": "Profit and loss summary",
    "title_funnel": "Funnel conversion",
    "other_not_drawn": "Other ({items} items, {share}% of the total) is in the table, "
                       "not drawn.",
    "period_month": "month", "period_week": "week", "period_quarter": "quarter",
    "periods_month": "months", "periods_week": "weeks", "periods_quarter": "quarters",
    "by_month": "month", "by_week": "week", "by_quarter": "quarter",
    # Narratives.
    "note": "Note:",
    "kpi": "Total {amount:word} is {total} over {rows} rows",
    "kpi_orders": " ({orders} orders, average order value {aov})",
    "kpi_end": ".",
    "kpi_margin": " Gross profit is {profit}, a gross margin of {margin}.",
    "kpi_profit": " Gross profit is {profit}.",
    "margin_no_pct": "Gross profit is {profit} on revenue {revenue}.",
    "margin_not_stated": "margin not stated",
    "share_not_stated": "share not stated",
    "title_variance": "{actual} vs {budget}",
    "variance": "Actual {actual} against a budget of {budget}: a variance of {variance} ({pct}); "
                "{favourable} line(s) favourable, {unfavourable} unfavourable.",
    "variance_worst": " The largest unfavourable variance is {name}: {variance}.",
    "kpi_returns": " {rows} negative rows (returns) total {returns} and are netted in.",
    "dynamics": "{amount} by {period}: {total} in total over {periods} {periods_word}.",
    "dynamics_up": "{amount} grew {change} in {label} to {last}.",
    "dynamics_down": "{amount} fell {change} in {label} to {last}.",
    "dynamics_best": "The best {period} was {label} with {value}.",
    "top": "The top {shown} of {items} {by:words} bring {top_total}, {share} of the total {total}. "
           "Largest: {names}.",
    "top_other": " The other {rest} {by:words} bring {other} ({share}).",
    "top_other_one": " The other {rest} {by:word} brings {other} ({share}).",
    "abc": "ABC analysis of {items} {item:count} by {amount:word} (total {total}): {classes}.",
    "abc_class": "class {klass}: {count} {item:count} with {share} of {amount:word}",
    "breakdown": "{amount} by {by:word}: {groups} groups, total {total}. The largest is {top} with "
                 "{largest} ({share})",
    "breakdown_then": ", then {others}.",
    "margin": "Gross profit is {profit} on revenue {revenue}, a margin of {margin}.",
    "margin_best": " The most profitable {by:word} is {best} with {best_profit}.",
    "margin_losses": " {count} {by:words} lose money.",
    "funnel": "Overall conversion is {overall}: {first} at the first stage, {last} at the "
              "last. Stage to stage: {steps}.",
    "funnel_step": "{a} to {b}: {share}",
    "pnl": "Revenue {revenue}, cost of goods {cogs}, gross profit {gross_profit} "
           "({gross_margin}); operating expenses {opex}, operating profit {operating_profit} "
           "({operating_margin}).",
    "pnl_losses": " {count} period(s) made an operating loss.",
    "list_sep": ", ",
    "item_sep": "; ",
    # The report built from the steps.
    "report_title_finance": "Financial report",
    "report_title": "Sales report",
    "period_range": "{first} to {last}",
    "kpi_total": "Total {amount:word}",
    "kpi_orders_label": "Orders",
    "kpi_aov": "Average order value",
    "kpi_gross_margin": "Gross margin",
    "kpi_last": "Last {period} ({label})",
    "kpi_vs_previous": "vs previous {period}",
    "rows_cut": "The table shows the first {shown} of {total} rows",
    "rows_cut_file": "; all rows are in {file}.",
    "other_row": "Other",
    "method_name": "How the figures were computed",
    "method_offline": "This report was computed offline by the verified recipes described "
                      "below, with no language model: the same files always give the same "
                      "figures. The code of every step is listed in this appendix.",
    "method_model": "Some sections come from code written by a language model; that code "
                    "and its results are listed in this appendix.",
    # Column headers of the report's tables.
    "col_rank": "Rank", "col_share_pct": "Share", "col_rows": "Rows", "col_items": "Items",
    "col_orders": "Orders", "col_cumulative_pct": "Cumulative share", "col_class": "Class",
    "col_month": "Month", "col_week": "Week", "col_quarter": "Quarter",
    "col_change": "Change", "col_change_pct": "Change %", "col_yoy_change": "Change vs last year",
    "col_yoy_pct": "Change vs last year %", "col_gross_profit": "Gross profit",
    "col_margin_pct": "Margin", "col_revenue": "Revenue", "col_cost": "Cost",
    "col_cogs": "Cost of goods", "col_gross_margin_pct": "Gross margin", "col_opex": "Operating expenses",
    "col_operating_profit": "Operating profit", "col_operating_margin_pct": "Operating margin",
    "col_stage": "Stage", "col_count": "Count", "col_stage_conversion_pct": "Conversion from previous",
    "col_overall_conversion_pct": "Conversion from first", "col_drop_off": "Drop-off",
    "col_period": "Period", "col_metric": "Indicator", "col_value": "Value",
    "name_value": "{name} ({value})",
    "step_title": "Step {n}: {title}",
    "metric_orders_rows": "Orders (rows; no order id given)",
    "metric_returns": "Returns (negative rows)",
    "metric_return_rows": "Return rows",
    "metric_days": "Days covered",
    # Measures the table lacks, computed columns, and notes left out of a paragraph.
    "no_profit": "The table {table} has no profit column and no cost column to compute it "
                 "(profit = revenue − cost), so I cannot answer by profit; {amount} is revenue, "
                 "not profit.",
    "no_cost_unit": "The table {table} has only a cost per unit ({column}) and no quantity "
                    "column, so the total cost and the margin cannot be computed.",
    "more_notes": "(+{n} more notes in the step's details.)",
    "more_note": "(+1 more note in the step's details.)",
    "top_all": "All {items} {by:count} together bring {total}. Largest: {names}.",
    "dynamics_best_worst": "Best {period}: {best_label} ({best}); worst: {worst_label} "
                           "({worst}).",
    "dynamics_list": "By {by}: {values}.",
    "kpi_quantity": " Total {quantity:word}: {value}.",
    "note_cost_from_units": "{column} computed as {qty} × {unit}: '{unit}' is a cost per unit, "
                            "not a total.",
    "note_revenue_from_units": "{column} computed as {qty} × {unit}: the table has no revenue "
                               "or amount column.",
    "note_profit_computed": "{column} computed as {revenue} − {cost}: the table has no profit "
                            "column.",
    "title_of_table": "{title} ({table})",
    "note_loss_rows": "{rows} row(s) were sold at a loss (negative '{column}': cost above "
                      "revenue), totalling {total}; they are netted into the totals.",
    "note_revenue_not_profit": "The table {table} has no cost column, so profit cannot be "
                               "computed: this is {amount} (revenue), not profit.",
    "margin_losses_one": " {count} {by:word} loses money.",
    "loss_item": "{name} loses {value}",
    "loss_items": "{items}. ",
}
