"""Code: readable pandas and recipe calls for each planned step, run in the sandbox.

`codegen` writes a recipe call, `query` a query's pandas, `data_report` the data report's
sections; `charts` and `plot` the charts beside them. Every value reaches code as a literal.
"""
