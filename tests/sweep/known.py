# ruff: noqa: E501
# Written by a program: one question and its reason a line.
"""The sweep's questions answered wrong today, each with what it answered
(written by `python -m tests.sweep --known`; a fix removes its line)."""

WRONG_TODAY: dict[str, str] = {
    "seattle-weather.csv|en|what's the median daily precipitation?":
        'I read this as: median of precipitation per day. I did not use these words of the question: s. -> a table of 1461 groups by period (asked one figure, 0)',
    'seattle-weather.csv|en|variance of precipitation':
        'I read this as: total of precipitation. I did not use these words of the question: variance. -> one figure 4426.0 (asked one figure, 44.625)',
    'seattle-weather.csv|en|90th percentile of precipitation':
        'I read this as: total of precipitation. I did not use these words of the question: 90th, percentile. -> one figure 4426.0 (asked one figure, 9.9)',
    'seattle-weather.csv|en|precipitation p90':
        'I read this as: total of precipitation. I did not use these words of the question: p90. -> one figure 4426.0 (asked one figure, 9.9)',
    'seattle-weather.csv|en|how many days had temp_max between 20 and 25':
        'I read this as: number of rows. -> one figure 1461.0 (asked one figure, 281)',
    'seattle-weather.csv|en|how many days where weather is not sun':
        'I read this as: number of rows, where weather is sun. I did not use these words of the question: not. -> one figure 714.0 (asked one figure, 747)',
    'seattle-weather.csv|en|how many missing values in precipitation':
        'I read this as: number of rows. I did not use these words of the question: missing. -> one figure 1461.0 (asked one figure, 0)',
    'seattle-weather.csv|en|which month had the highest total precipitation?':
        "I read this as: total of precipitation, highest first. I did not use these words of the question: month. -> one figure 4426.0 (asked the highest: ('2015-12',) 284.5)",
    'seattle-weather.csv|en|which year had the most rainy days?':
        "I read this as: number of rows, where weather is rain, highest first. I did not use these words of the question: year. -> one figure 259.0 (asked the highest: ('2012',) 191)",
    'seattle-weather.csv|en|how many rainy days per month':
        "I read this as: number of rows per month, where weather is rain. -> 25 groups for 48: missing [('2013-04',), ('2013-05',), ('2013-06',)], not asked []",
    'seattle-weather.csv|en|how many days with snow per month':
        "I read this as: number of rows per month, where weather is snow. -> 7 groups for 48: missing [('2012-05',), ('2012-06',), ('2012-07',)], not asked []",
    'seattle-weather.csv|en|number of snow days by month':
        "I read this as: number of rows per month, where weather is snow. -> 7 groups for 48: missing [('2012-05',), ('2012-06',), ('2012-07',)], not asked []",
    'seattle-weather.csv|en|average wind on days with more precipitation than the average':
        'I read this as: average of wind, precipitation. I did not use these words of the question: average. -> one figure 3.24113620807666 (asked one figure, 4.05937)',
    'seattle-weather.csv|uk|скільки днів з rain по місяцях':
        "Я зрозумів це так: кількість рядків по місяцях, де weather = rain. Таблиця seattle_weather (файл seattle-weather.csv). -> 25 groups for 48: missing [('2013-04',), ('2013-05',), ('2013-06',)], not asked []",
    'seattle-weather.csv|zh|哪个月的precipitation总和最高':
        "我的理解是：precipitation的总和，从高到低。 数据表 seattle_weather（文件 seattle-weather.csv）。 -> one figure 4426.0 (asked the highest: ('2015-12',) 284.5)",
    'cars.csv|en|how many missing values in Horsepower':
        'I read this as: number of rows. I did not use these words of the question: missing. -> one figure 406.0 (asked one figure, 6)',
    'cars.csv|en|how many cars have no Horsepower value?':
        'I read this as: number of rows. I did not use these words of the question: no. -> one figure 406.0 (asked one figure, 6)',
    'cars.csv|en|count of missing Miles_per_Gallon':
        'I read this as: number of rows. I did not use these words of the question: missing. -> one figure 406.0 (asked one figure, 8)',
    'cars.csv|en|median Horsepower where Origin is Europe and Cylinders is 4':
        'I read this as: median of horsepower, cylinders, where origin is Europe. -> one figure 77.0 (asked one figure, 76)',
    'cars.csv|en|what is the median Horsepower of European cars with 4 Cylinders?':
        'I read this as: median of horsepower, cylinders, where origin is Europe. -> one figure 77.0 (asked one figure, 76)',
    'cars.csv|en|average Horsepower per Cylinders for USA and Japan':
        "I read this as: average of horsepower by cylinders, where origin is one of Japan, USA. -> 4 groups for 6: missing [('3', 'Japan'), ('4', 'Japan'), ('4', 'USA')], not asked [('3',), ('4',), ('6',)]",
    'cars.csv|en|which car has the highest Horsepower?':
        "I read this as: maximum of horsepower, highest first. I did not use these words of the question: car. -> one figure 230.0 (asked the highest: ('pontiac grand prix',) 230)",
    'cars.csv|en|which car has the lowest Weight_in_lbs':
        "I read this as: minimum of Weight_in_lbs, lowest first. I did not use these words of the question: car. -> one figure 1613.0 (asked the lowest: ('datsun 1200',) 1613)",
    'cars.csv|en|which Year had the highest average Miles_per_Gallon?':
        "I read this as: the row with the highest Miles_per_Gallon. -> the row Name=mazda glc, Miles_per_Gallon=46.6, Cylinders=4, Displacement=86.0 (asked the highest: ('1980',) 33.6966)",
    'cars.csv|en|average Acceleration of cars with more Horsepower than the average':
        'I read this as: average of acceleration, horsepower. I did not use these words of the question: average. -> one figure 15.519704433497537 (asked one figure, 13.2797)',
    'cars.csv|en|how many cars have 6 or 8 Cylinders?':
        'I read this as: total of cylinders. I did not use these words of the question: or. -> one figure 2223.0 (asked one figure, 192)',
    'cars.csv|en|how many cars are not from USA':
        'I read this as: number of rows, where origin is USA. I did not use these words of the question: not. -> one figure 254.0 (asked one figure, 152)',
    'cars.csv|en|number of cars where Origin is not USA':
        'I read this as: number of rows, where origin is USA. I did not use these words of the question: not. -> one figure 254.0 (asked one figure, 152)',
    'cars.csv|en|average Miles_per_Gallon for cars with Horsepower between 100 and 150':
        'I read this as: average of Miles_per_Gallon, Horsepower. -> one figure 23.514572864321607 (asked one figure, 18.3451)',
    'cars.csv|zh|Horsepower有多少缺失值':
        '我的理解是：行数。 数据表 cars（文件 cars.csv）。 -> one figure 406.0 (asked one figure, 6)',
    'tips.csv|en|average tip by day for men and women':
        "I read this as: average of tip by day. I did not use these words of the question: men, women. -> 4 groups for 8: missing [('Female', 'Fri'), ('Female', 'Sat'), ('Female', 'Sun')], not asked [('Fri',), ('Sat',), ('Sun',)]",
    'tips.csv|en|what is the median total_bill for female smokers?':
        'I read this as: median of total_bill by smoker, where sex is Female. -> a table of 2 groups by smoker (asked one figure, 16.27)',
    'tips.csv|en|average tip of those who paid more than the average total_bill':
        'I read this as: average of tip, total_bill. I did not use these words of the question: those, paid, average. -> one figure 2.99827868852459 (asked one figure, 3.92455)',
    'airquality.csv|en|how many missing values in Ozone':
        'I read this as: total of ozone. I did not use these words of the question: missing. -> one figure 4887.0 (asked one figure, 37)',
    'airquality.csv|en|how many days have no Ozone reading?':
        'I read this as: total of day, ozone. I did not use these words of the question: no, reading. -> one figure 2418.0 (asked one figure, 37)',
    'airquality.csv|en|count of missing Ozone values':
        'I read this as: total of ozone. I did not use these words of the question: missing. -> one figure 4887.0 (asked one figure, 37)',
    'airquality.csv|en|number of missing values in Solar.R':
        'I read this as: total of solar.R. I did not use these words of the question: missing. -> one figure 27146.0 (asked one figure, 7)',
    'airquality.csv|en|average per Day':
        'I read this as: average of day. -> a figure for a question naming no measure: mean of Day',
    'airquality.csv|en|average Temp where Month is 7 and Wind is over 10':
        'I read this as: average of temp, month, where wind > 10. -> one figure 74.59722222222223 (asked one figure, 82.7)',
    'airquality.csv|en|how many rows where Month is 6, 7 or 8':
        'I read this as: total of month. I did not use these words of the question: or. -> one figure 1070.0 (asked one figure, 92)',
    'airquality.csv|en|average Ozone when Temp is between 70 and 80':
        'I read this as: average of ozone, temp. -> one figure 42.12931034482759 (asked one figure, 26.5556)',
    'airquality.csv|uk|скільки пропущених значень в Ozone':
        'Я зрозумів це так: сума Ozone. Таблиця airquality (файл airquality.csv). Ці слова питання я не використав: пропущених. -> one figure 4887.0 (asked one figure, 37)',
    'titanic.csv|en|how many passengers per class':
        "I read this as: number of rows by class, where sex is man. I did not use these words of the question: passengers. -> 3 groups differ, e.g. ('1st class',): 180 for 325.0",
    'titanic.csv|en|how many passengers survived':
        'I read this as: number of rows by survived, where sex is man. I did not use these words of the question: passengers. -> a table of 2 groups by survived (asked one figure, 499)',
    'titanic.csv|en|how many survived per class for men and women':
        "I read this as: number of rows by survived and class, where sex is one of women, man. I did not use these words of the question: men. -> 6 groups for 6: missing [('1st class', 'man'), ('1st class', 'women'), ('2nd class', 'man')], not asked [('1st class', 'no'), ('1st class', 'yes'), ('2nd class', 'no')]",
    'titanic.csv|en|how many children were in 3rd class':
        'I read this as: number of rows by class, where age is child, sex is man. I did not use these words of the question: 3rd. -> a table of 3 groups by class (asked one figure, 79)',
    'titanic.csv|en|which class had the most survivors?':
        "I read this as: number of rows by class, top 1. I did not use these words of the question: survivors. -> named ('3rd class',) (706) as highest (asked the highest: ('1st class',) 203)",
    'mcas.csv|en|average code':
        'I read this as: average of code. -> a figure for a question naming no measure: mean of code',
    'mcas.csv|en|sum of code by district':
        'I read this as: total of code by district. -> a figure for a question naming no measure: sum of code',
    'mcas.csv|en|mean of totsc4 across districts':
        'I read this as: average of totsc4 by district. -> a table of 220 groups by district (asked one figure, 709.827)',
    'mcas.csv|en|how many missing values in totsc8':
        'I read this as: total of totsc8. I did not use these words of the question: missing. -> one figure 125714.0 (asked one figure, 40)',
    'mcas.csv|en|how many districts have no totsc8?':
        'I read this as: number of distinct districts. I did not use these words of the question: no. -> one figure 220.0 (asked one figure, 40)',
    'penguins.csv|en|average flipper_length_mm per species for male and female':
        "I read this as: average of flipper_length_mm by species, where sex is one of female, male. -> 3 groups for 6: missing [('Adelie', 'female'), ('Adelie', 'male'), ('Chinstrap', 'female')], not asked [('Adelie',), ('Chinstrap',), ('Gentoo',)]",
    'penguins.csv|en|how many missing values in sex':
        'I read this as: number of rows by sex. I did not use these words of the question: missing. -> a table of 3 groups by sex (asked one figure, 11)',
    'penguins.csv|en|how many penguins have no sex recorded?':
        'I read this as: number of rows by sex. I did not use these words of the question: no, recorded. -> a table of 3 groups by sex (asked one figure, 11)',
    'penguins.csv|en|count of missing bill_length_mm':
        'I read this as: number of rows. I did not use these words of the question: missing. -> one figure 344.0 (asked one figure, 2)',
    'penguins.csv|en|how many penguins are not Adelie':
        'I read this as: number of rows, where species is Adelie. I did not use these words of the question: not. -> one figure 152.0 (asked one figure, 192)',
    'penguins.csv|en|average body_mass_g of penguins with flipper_length_mm between 190 and 210':
        'I read this as: average of body_mass_g, flipper_length_mm. -> one figure 4201.754385964912 (asked one figure, 3941.97)',
    'penguins.csv|en|average flipper_length_mm of penguins heavier than the average body_mass_g':
        'I read this as: average of flipper_length_mm, body_mass_g. I did not use these words of the question: heavier, average. -> one figure 200.91520467836258 (asked one figure, 213.107)',
    'penguins-raw.csv|en|how many samples per Island':
        "I read this as: number of distinct sample numbers by island. -> 2 groups differ, e.g. ('Biscoe',): 124 for 168.0",
    'penguins-raw.csv|en|average Sample Number':
        'I read this as: average of sample number. -> a figure for a question naming no measure: mean of Sample Number',
    'penguins-raw.csv|en|sum of Sample Number by Species':
        'I read this as: total of sample number by species. -> a figure for a question naming no measure: sum of Sample Number',
    'penguins-raw.csv|en|how many eggs per month':
        "I read this as: number of rows per month. -> 5 groups for 26: missing [('2008-01',), ('2008-02',), ('2008-03',)], not asked []",
    'penguins-raw.csv|en|number of samples by month of Date Egg':
        "I read this as: number of distinct sample numbers per month. -> 5 groups for 26: missing [('2008-01',), ('2008-02',), ('2008-03',)], not asked []",
    'penguins-raw.csv|en|how many missing values in Delta 15 N (o/oo)':
        'I read this as: number of rows. I did not use these words of the question: missing. -> one figure 344.0 (asked one figure, 14)',
    'gapminder.csv|en|average lifeExp by year for Europe and Asia':
        "I read this as: average of lifeExp per year, where continent is one of Europe, Asia. -> 12 groups for 24: missing [('1952', 'Asia'), ('1952', 'Europe'), ('1957', 'Asia')], not asked [('1952',), ('1957',), ('1962',)]",
    'stocks.csv|en|which month had the highest price for MSFT?':
        "I read this as: maximum of price, where symbol is MSFT, highest first. I did not use these words of the question: month. -> one figure 43.22 (asked the highest: ('2000-03',) 43.22)",
}
