"""Russian phrases of the offline analyst (keys as in `en.py`)."""

PHRASES: dict[str, str] = {
    "skills": "итоги и ключевые показатели, выручку по месяцам, неделям или кварталам, топ-N "
              "товаров (регионов, клиентов...), ABC-анализ, разбивку по столбцу, маржу по "
              "столбцу, конверсию воронки и отчёт о прибылях и убытках",
    "needs_model": "Без языковой модели я могу ответить про {skills}; для этого вопроса "
                   "настройте языковую модель в Settings (Настройки).",
    "no_sales_tables": "Ни в одной таблице нет числового столбца, поэтому нет данных "
                       "для отчёта.",
    "no_pnl": "Я не нашёл таблицы прибылей и убытков (выручка со столбцами расходов или столбец "
              "счетов с суммами).",
    "no_funnel": "Я не нашёл таблицы воронки (столбцы этапов, например визиты, лиды и заказы, "
                 "или столбец этапа).",
    "no_amount": "Я не нашёл в данных столбца с суммой (деньгами).",
    "no_measure": "В таблице {table} нет столбца «{measure}».",
    "no_dimension": "Я не нашёл столбца «{dimension}» в таблице {table} (столбцы: {columns}).",
    "nothing_to_group": "не по чему группировать",
    "no_date": "В таблице {table} нет столбца даты, поэтому я не могу показать «{measure}» в "
               "динамике.",
    "no_item": "Я не нашёл в таблице {table} столбца товара или позиции для рейтинга.",
    "no_cost": "В таблице {table} нет столбца себестоимости, поэтому маржу вычислить нельзя.",
    "no_plan": "Я не смог спланировать ответ.",
    "add_file_first": "Сначала добавьте файл с данными, затем задайте вопрос.",
    "measure_revenue": "выручка", "measure_quantity": "количество", "measure_orders": "заказы",
    "measure_margin": "маржа", "measure_cost": "себестоимость",
    "skipped": "Пропущено: {step}",
    "failed": "Не удалось вычислить «{step}»: {reason}",
    "did_not_run": "шаг не запускался",
    "stopped": "шаг остановился, не дойдя до конца",
    "no_figures": "Шаг «{step}» выполнен, но не вывел показателей, поэтому я не могу их "
                  "привести.",
    "no_step": "Ни один шаг не выполнен.",
    "title_kpi": "Ключевые показатели: {amount}",
    "title_dynamics": "{amount} по {period}",
    "title_top": "Топ-{n}: {by} по показателю «{amount}»",
    "title_abc": "ABC-анализ: {item} по показателю «{amount}»",
    "title_breakdown": "{amount} в разрезе «{by}»",
    "title_margin": "Валовая маржа в разрезе «{by}»",
    "title_pnl": "Отчёт о прибылях и убытках",
    "title_funnel": "Конверсия воронки",
    "other_not_drawn": "«Прочие» ({items} поз., {share}% от общей суммы) есть в таблице, "
                       "но не показаны на графике.",
    "period_month": "месяц", "period_week": "неделя", "period_quarter": "квартал",
    "periods_month": "месяцев", "periods_week": "недель", "periods_quarter": "кварталов",
    "by_month": "месяцам", "by_week": "неделям", "by_quarter": "кварталам",
    "note": "Примечание:",
    "kpi": "{amount}: всего {total}, строк: {rows}",
    "kpi_orders": " (заказов: {orders}, средний чек {aov})",
    "kpi_end": ".",
    "kpi_margin": " Валовая прибыль {profit}, валовая маржа {margin}.",
    "kpi_returns": " Отрицательных строк (возвратов): {rows} на сумму {returns}; они учтены в "
                   "итоге.",
    "dynamics": "{amount} по {period}: всего {total}, количество {periods_word}: {periods}.",
    "dynamics_up": "Изменение за {label}: {change}, до {last}.",
    "dynamics_down": "Изменение за {label}: {change}, до {last}.",
    "dynamics_best": "Наибольшее значение — {label}: {value}.",
    "top": "Топ-{shown} из {items} ({by}) дают {top_total}, {share} от общей суммы {total}. "
           "Крупнейшие: {names}.",
    "top_other": " Остальные {rest} ({by}) дают {other} ({share}).",
    "top_other_one": " Остальные {rest} ({by}) дают {other} ({share}).",
    "abc": "ABC-анализ «{item}» по показателю «{amount}» (позиций: {items}, всего {total}). "
           "Классы (количество, доля): {classes}.",
    "abc_class": "{klass} — {count}, {share}",
    "breakdown": "{amount} в разрезе «{by}»: групп: {groups}, всего {total}. Крупнейшая — "
                 "{top}: {largest} ({share})",
    "breakdown_then": ", далее {others}.",
    "margin": "Валовая прибыль {profit} при выручке {revenue}, маржа {margin}.",
    "margin_best": " Самое прибыльное значение «{by}» — {best}: {best_profit}.",
    "margin_losses": " Убыточных значений «{by}»: {count}.",
    "funnel": "Общая конверсия {overall}: {first} на первом этапе, {last} на последнем. "
              "Между этапами: {steps}.",
    "funnel_step": "{a} → {b}: {share}",
    "pnl": "Выручка {revenue}, себестоимость {cogs}, валовая прибыль {gross_profit} "
           "({gross_margin}); операционные расходы {opex}, операционная прибыль "
           "{operating_profit} ({operating_margin}).",
    "pnl_losses": " Периодов с операционным убытком: {count}.",
    "list_sep": ", ",
    "item_sep": "; ",
    "report_title": "Отчёт о продажах",
    "period_range": "с {first} по {last}",
    "kpi_total": "{amount}, всего",
    "kpi_orders_label": "Заказы",
    "kpi_aov": "Средний чек",
    "kpi_gross_margin": "Валовая маржа",
    "kpi_last": "Последний период ({label})",
    "kpi_vs_previous": "к предыдущему периоду",
    "rows_cut": "В таблице первые {shown} из {total} строк",
    "rows_cut_file": "; все строки — в файле {file}.",
    "other_row": "Прочие",
    "method_name": "Как получены показатели",
    "method_offline": "Отчёт рассчитан офлайн проверенными методиками, описанными ниже, без "
                      "языковой модели: одни и те же файлы всегда дают одни и те же показатели. "
                      "Код каждого шага приведён в этом приложении.",
    "method_model": "Некоторые разделы получены кодом, который написала языковая модель; этот "
                    "код и его результаты приведены в этом приложении.",
    "col_rank": "Место", "col_share_pct": "Доля", "col_rows": "Строк", "col_items": "Позиций",
    "col_orders": "Заказов", "col_cumulative_pct": "Накопленная доля", "col_class": "Класс",
    "col_month": "Месяц", "col_week": "Неделя", "col_quarter": "Квартал",
    "col_change": "Изменение", "col_change_pct": "Изменение, %",
    "col_yoy_change": "Изменение к прошлому году", "col_yoy_pct": "Изменение к прошлому году, %",
    "col_gross_profit": "Валовая прибыль", "col_margin_pct": "Маржа", "col_revenue": "Выручка",
    "col_cost": "Себестоимость", "col_cogs": "Себестоимость", "col_gross_margin_pct":
    "Валовая маржа", "col_opex": "Операционные расходы", "col_operating_profit":
    "Операционная прибыль", "col_operating_margin_pct": "Операционная маржа", "col_stage": "Этап",
    "col_count": "Количество", "col_stage_conversion_pct": "Конверсия из предыдущего",
    "col_overall_conversion_pct": "Конверсия из первого", "col_drop_off": "Отсев",
    "col_period": "Период", "col_metric": "Показатель", "col_value": "Значение",
    "note_covers": "Данные охватывают период с {first} по {last}.",
    "note_negative": "Строк с отрицательным значением «{column}» (возвраты или корректировки): "
                     "{rows}, всего {total}; они учтены в итогах.",
    "note_blank": "Строк без значения «{column}»: {rows}; они сгруппированы как «{label}».",
    "note_missing": "Строк без значения в «{column}»: {rows}; в итогах они не учитываются.",
    "note_text_numbers": "Столбец «{column}» хранился как текст; он прочитан как числа ({how}).",
    "note_text_dates": "Столбец «{column}» хранился как текст; он прочитан как даты ({how}).",
    "note_partial_last": "Последний период ({label}) содержит данные только до {date}; его "
                         "итог неполный.",
    "note_partial_first": "Первый период ({label}) содержит данные только с {date}.",
    "note_no_order": "Строк без «{column}»: {rows}; они не учтены как заказы.",
    "note_undated": "Строк без читаемой даты «{column}»: {rows}; они не вошли в таблицу по "
                    "периодам, их сумма «{amount}» — {total}.",
    "note_unreadable_dates": "Значений в «{column}», не прочитанных как даты: {rows}.",
    "note_empty_periods": "Без строк: {periods}; показано как 0, а не пропущено.",
    "note_only_one": "Данные только за один период: нет предыдущего для сравнения.",
    "note_losses": "Убыточных значений «{by}» (себестоимость выше выручки): {rows} — {names}.",
    "note_tie": "Позиций с одинаковой суммой {total} на месте {n}: {rows} ({names}); "
                "приведены первые по алфавиту.",
    "note_not_positive": "Общая сумма «{column}» не положительна; доли не имеют смысла.",
    "note_abc_non_positive": "Значений «{item}» с нулевой или отрицательной чистой суммой "
                             "«{column}» (возвраты превышают продажи): {rows}; они в классе C и "
                             "не входят в накопленные доли.",
    "note_negative_cogs": "Себестоимость хранится отрицательными числами; она показана как "
                          "положительные расходы.",
    "note_negative_opex": "Операционные расходы хранятся отрицательными числами; они показаны "
                          "как положительные расходы.",
    "note_guessed_opex": "Не распознано по названию, учтено как операционные расходы: {names}.",
    "note_below_line": "Ниже операционной прибыли, не учтено: {names}.",
    "note_no_cogs": "Столбца себестоимости нет: валовая прибыль равна выручке.",
    "note_loss_periods": "Убыточные периоды: {names}.",
    "name_value": "{name} ({value})",
    "step_title": "Шаг {n}: {title}",
    "metric_orders_rows": "Заказы (строки; номера заказа нет)",
    "metric_returns": "Возвраты (отрицательные строки)",
    "metric_return_rows": "Строк возвратов",
    "metric_days": "Дней в периоде",
    "no_profit": "В таблице {table} нет столбца прибыли и нет столбца себестоимости, чтобы её "
                 "вычислить (прибыль = выручка − себестоимость), поэтому ответить по прибыли "
                 "я не могу; «{amount}» — это выручка, а не прибыль.",
    "no_cost_unit": "В таблице {table} есть только себестоимость единицы («{column}») и нет "
                    "столбца количества, поэтому общую себестоимость и маржу вычислить нельзя.",
    "more_notes": "(Ещё примечаний: {n}; все — в деталях шага.)",
    "more_note": "(Ещё одно примечание — в деталях шага.)",
    "top_all": "Все {items} ({by}) вместе дают {total}. Крупнейшие: {names}.",
    "dynamics_best_worst": "Лучший {period} — {best_label} ({best}); худший — {worst_label} "
                           "({worst}).",
    "dynamics_list": "По {by}: {values}.",
    "kpi_quantity": " {quantity}, всего: {value}.",
    "note_cost_from_units": "«{column}» вычислена как {qty} × {unit}: «{unit}» — это "
                            "себестоимость единицы, а не итог.",
    "note_revenue_from_units": "«{column}» вычислена как {qty} × {unit}: в таблице нет "
                               "столбца выручки или суммы.",
    "note_profit_computed": "«{column}» вычислена как {revenue} − {cost}: в таблице нет "
                            "столбца прибыли.",
    "title_of_table": "{title} ({table})",
    "note_loss_rows": "Строк, проданных в убыток (отрицательное значение «{column}»: "
                      "себестоимость выше выручки): {rows}, всего {total}; они учтены в итогах.",
    "note_revenue_not_profit": "В таблице {table} нет столбца себестоимости, поэтому прибыль "
                               "вычислить нельзя: это {amount} (выручка), а не прибыль.",
    "margin_losses_one": " Убыточных значений «{by}»: {count}.",
    "loss_item": "{name} приносит убыток {value}",
    "loss_items": "{items}. ",
}
