"""An accuracy sweep of the offline analyst on public tables (issue 26, point 7).

Questions written the way people write them are asked through the product's own path
(`Analysis.ask(..., brain="offline")` on the CSV file a user would upload) and each answer
is judged against the truth computed with plain pandas: exact, declined or wrong.
`python -m tests.sweep` prints every question with its outcome and the totals.
"""
