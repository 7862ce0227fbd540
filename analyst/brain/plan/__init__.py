"""Plan: which steps answer a reading, or the plain reason none can (`plan.Plan`).

Sales recipes (`plan`, `offers`), the finance pack (`finance`, `statements`), the data report
for any table (`data_report`). Nothing here runs: the steps' code comes from `brain.code`.
"""
