"""Settings and status: plain words first; setting names and files for the administrator."""

from __future__ import annotations

import streamlit as st

from analyst.session.backend_words import sandbox_words
from analyst.words.note import render
from ui import health, i18n, startup, state
from ui.errors import guarded
from ui.i18n import t

settings = state.settings()
st.title(t("set_title"))
# A switch just flipped is in its widget key before the page reaches it: text above the
# switches (the model status) must already say what is now in effect.
for _name in ("offline", "privacy", "approval"):
    if f"w_{_name}" in st.session_state:
        st.session_state[f"pref_{_name}"] = st.session_state[f"w_{_name}"]

if settings.problems:
    st.error(t("set_problems") + "\n\n" + "\n".join(f"- {render(p, i18n.current())}"
                                                   for p in settings.problems),
             icon=":material/error:")

st.subheader(t("set_where"))
status = None
with guarded("check the sandbox"), st.spinner(t("set_checking")):
    status = health.check(settings)
    kind, sentence = status.verdict(plain=True)
    getattr(st, kind)(sentence)
    lines = [status.verdict()[1],
             t("set_backend_line", setting=settings.sandbox_backend,
               in_use=status.backend_in_use or t("set_backend_none"))]
    if status.engine_problem:
        lines.append(t("set_engine_problem",
                       problem=sandbox_words(status.engine_problem, i18n.current())))
    else:
        lines.append(t("set_engine_ok"))
        if status.image_problem is None:
            lines.append(t("set_image_ok", image=status.image))
        elif status.image_stale:
            lines.append(t("set_image_stale", image=status.image))
        else:
            lines.append(t("set_image_problem",
                           problem=sandbox_words(status.image_problem, i18n.current())))
    sweep = startup.reap_leftovers()
    if sweep.problem:
        lines.append(t("set_sweep_problem", error=sweep.problem))
    elif sweep.removed:
        lines.append(t("set_sweep_removed", count=sweep.removed))
    with st.expander(t("set_admin_sandbox")):
        st.markdown("\n".join(f"- {line}" for line in lines))
    if status.engine_problem is None and status.image_problem is not None:
        # Outside the expander: st.status is itself an expander and they cannot nest.
        offline_build = st.checkbox(t("set_build_offline"), value=False)
        if st.button(t("set_build_button"), icon=":material/build:"):
            log = st.empty()
            progress_lines: list[str] = []

            def progress(line: str) -> None:
                progress_lines.append(line)
                log.code("\n".join(progress_lines[-15:]), language=None)

            with st.status(t("set_building"), expanded=True) as building:
                tag = health.build_image(offline_build, progress)
                building.update(label=t("set_built", tag=tag), state="complete")

st.subheader(t("set_model"))
llm = state.llm_config()
if llm.configured and state.preference("offline"):
    st.info(t("set_model_offline", model=llm.model, endpoint=llm.endpoint_name))
elif llm.configured:
    st.success(t("set_model_ready_key" if llm.api_key else "set_model_ready_nokey",
                 model=llm.model, endpoint=llm.endpoint_name))
else:
    st.info(t("set_model_none"))
with st.expander(t("set_admin_model")):
    st.markdown(t("set_admin_model_how"))
    with st.form("model_form"):
        base_url = st.text_input(t("set_form_endpoint"), value=llm.base_url or "",
                                 placeholder="https://api.openai.com/v1")
        model = st.text_input(t("set_form_model"), value=llm.model)
        key = st.text_input(t("set_form_key"), type="password", help=t("set_form_key_help"))
        if st.form_submit_button(t("set_form_use")):
            state.use_model(base_url, model, key)
            st.rerun()

st.subheader(t("set_modes"))


def _toggle(name: str, label: str, help_text: str) -> None:
    # Widget keys are dropped when the widget is not on screen, so the choice is kept apart.
    value = st.toggle(label, value=state.preference(name), help=help_text, key=f"w_{name}")
    st.session_state[f"pref_{name}"] = value


if llm.configured:
    _toggle("offline", t("set_offline"), t("set_offline_help"))
else:
    # The switch shows what is in effect: with no model, every answer is the offline analyst's.
    st.toggle(t("set_offline"), value=True, disabled=True, key="w_offline_forced",
              help=t("set_offline_forced_help"))
    st.caption(t("set_offline_forced"))
_toggle("privacy", t("set_privacy"), t("set_privacy_help"))
st.caption(t("set_privacy_on" if state.preference("privacy") else "set_privacy_off"))
_toggle("approval", t("set_approval"), t("set_approval_help"))

st.subheader(t("set_language"))
# The app's own words (buttons, step headings, the data card, the sidebar). Automatic is the
# browser's language; a question in another language changes only its own answer's.
_languages = list(i18n.CHOICES)


def _language_name(code: str) -> str:
    # Each language is named in its own words (a reader finds theirs); "Automatic" in the
    # interface language.
    return t("set_language_auto") if code == "auto" else i18n.CHOICES[code]


_picked = st.selectbox(t("set_language"), _languages, index=_languages.index(i18n.choice()),
                       format_func=_language_name, key=i18n.WIDGET_KEY,
                       help=t("set_language_help"))
st.session_state[i18n.PREF_KEY] = _picked

st.subheader(t("set_limits"))
if status is not None and status.limits_problem:
    st.warning(status.limits_problem)
st.markdown("\n".join(f"- {line}" for line in health.plain_limits(settings)))
with st.expander(t("set_admin_limits")):
    st.markdown("\n".join(f"- {line}" for line in health.admin_limits(settings)))
    rows = [{t("set_col_setting"): name, t("set_col_value"): str(value),
             t("set_col_from"): settings.sources.get(name) or t("set_src_default")}
            for name, value in settings.to_public_dict().items() if name.isupper()]
    st.dataframe(rows, hide_index=True, width="stretch")
    if startup.exported_names():
        st.caption(t("set_secrets_read", names=", ".join(startup.exported_names())))
