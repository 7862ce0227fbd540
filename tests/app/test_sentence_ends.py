"""An answer is split into sentences where a sentence ends, never at an abbreviation's dot:
an initial ("C. Okafor"), a dotted abbreviation ("e.g.", "т.е."), a title ("Dr."), a money or
company word ("руб.", "Inc.") or a year ("2025 г.") inside a sentence, nor a decimal point.

Answers are generated in English, Ukrainian, Russian and Chinese from sentences whose ends
are known, with the hazards placed anywhere; the split must give those sentences back."""

from __future__ import annotations

import random

import pytest

from ui.answers import answer_markdown
from ui.sentences import sentences

# Phrases with a dot that is no sentence end, followed by a lower-case word or a figure.
HAZARDS = {
    "en": ["C. Okafor", "J. R. Smith", "J.R.R. Tolkien", "Dr. A. Lee", "Mr. Brown", "e.g. Gizmo",
           "i.e. the north", "Acme Inc.", "Okafor Trading Ltd.", "Smith & Co.", "Widgets Corp.",
           "vs. plan", "St. Louis", "Jan. 5", "U.S. stores", "approx. 3.5 tonnes"],
    "uk": ["О. Шевченко", "І. Я. Франко", "ТОВ «Зоря» вул. Хрещатик", "напр. Київ",
           "5 000 грн. за місяць", "12,5 тис. грн", "2025 р. виручка", "див. таблицю", "т.зв. бонус",
           "лист. 12", "3,5 млн. грн"],
    "ru": ["А. С. Пушкин", "Е. Иванова", "т.е. выручка", "т. е. выручка", "5 000 руб. за месяц",
           "в 2025 г. выручка", "1,2 млн. руб.", "12 тыс. руб. в день", "напр. Москва",
           "ул. Ленина", "ООО «Ромашка» и др. клиенты", "окт. 12", "см. таблицу"],
    "zh": ["C. Okafor", "Acme Inc.", "e.g. Gizmo", "3.5"],
}
VERBS = {"en": ["grew to", "reached", "was", "fell to"],
         "uk": ["зросла до", "склала", "впала до"],
         "ru": ["выросла до", "составила", "упала до"],
         "zh": ["增长到", "为", "下降到"]}
STARTS = {"en": ["Revenue of", "Sales at", "The best month for", "Note: orders by"],
          "uk": ["Виручка", "Продажі", "Найкращий місяць для", "Примітка: замовлення"],
          "ru": ["Выручка", "Продажи", "Лучший месяц для", "Примечание: заказы"],
          "zh": ["收入", "销售额", "最佳月份"]}
# Sentence ends, some of them abbreviations that close a sentence before a capital.
ENDS = {"en": ["4,624.50.", "6.6%.", "33,912.00 in total.", "1.5 times the plan.",
               "the most, Acme Inc.", "$13,530."],
        "uk": ["4\u00a0624,50.", "6,6%.", "33\u00a0912,50 грн.", "3,5 млн.", "у 2025 р."],
        "ru": ["4\u00a0624,50.", "6,6%.", "33\u00a0912,50 руб.", "в 2025 г.", "3,5 тыс. руб."],
        "zh": ["4,624.50。", "6.6%。", "33,912.00。"]}
MONTH_LIST = {"en": "2026-01: 4,624.50; 2026-02: 5,035.50.",
              "uk": "2026-01: 4\u00a0624,50; 2026-02: 5\u00a0035,50.",
              "ru": "2026-01: 4\u00a0624,50; 2026-02: 5\u00a0035,50.",
              "zh": "2026-01: 4,624.50；2026-02: 5,035.50。"}


def _sentence(rng: random.Random, lang: str) -> str:
    hazard = rng.choice(HAZARDS[lang])
    space = "" if lang == "zh" else " "
    body = f"{rng.choice(STARTS[lang])} {hazard}{space}{rng.choice(VERBS[lang])}"
    end = rng.choice(ENDS[lang])
    return f"{body}{space}{end}"


def _answer(rng: random.Random, lang: str) -> list[str]:
    out: list[str] = []
    for _ in range(rng.randint(2, 6)):
        # A list of months may begin a sentence, after a sentence that ends in a figure
        # (after "руб." a new sentence starts with a capital: that is how the dot is told).
        after_figure = bool(out) and out[-1][-2:-1].isdigit() or bool(out) and out[-1][-2] == "%"
        if after_figure and rng.random() < 0.3:
            out.append(MONTH_LIST[lang])
        else:
            out.append(_sentence(rng, lang))
    return out


@pytest.mark.parametrize("lang", ["en", "uk", "ru", "zh"])
@pytest.mark.parametrize("seed", range(60))
def test_an_answer_splits_back_into_the_sentences_it_was_made_of(lang: str, seed: int) -> None:
    rng = random.Random(f"{lang}{seed}")
    made = _answer(rng, lang)
    glue = "" if lang == "zh" else " "
    assert sentences(glue.join(made)) == made


@pytest.mark.parametrize("lang", ["en", "uk", "ru"])
def test_no_hazard_alone_is_ever_cut(lang: str) -> None:
    for hazard in HAZARDS[lang]:
        for verb in VERBS[lang]:
            sentence = f"{STARTS[lang][0]} {hazard} {verb} 6,6 %."
            assert sentences(sentence) == [sentence]
            layout = answer_markdown(f"Total 1.5. {sentence} Next 2.5.")
            assert f"- {sentence}" in layout.replace("\\", ""), layout


@pytest.mark.parametrize("closing", ["руб.", "грн.", "Inc.", "Ltd.", "г.", "р.", "тыс.", "млн.", "окт."])
def test_a_closing_abbreviation_ends_a_sentence_only_before_a_capital(closing: str) -> None:
    assert sentences(f"Итого 12 {closing} Лучший месяц март.") == [f"Итого 12 {closing}",
                                                                    "Лучший месяц март."]
    assert sentences(f"Итого 12 {closing} за месяц.") == [f"Итого 12 {closing} за месяц."]
    assert sentences(f"Итого 12 {closing} 3,5% от плана.") == [f"Итого 12 {closing} 3,5% от плана."]


def test_figures_and_words_still_end_sentences() -> None:
    assert sentences("Total 6,679.50. B2B sales 3.5. Growth 6.6%. Best: Gizmo. Q3 2025.") == [
        "Total 6,679.50.", "B2B sales 3.5.", "Growth 6.6%.", "Best: Gizmo.", "Q3 2025."]
    assert sentences("Why? Because. Really! Yes.") == ["Why?", "Because.", "Really!", "Yes."]
