"""Helpers of the Streamlit screens: rendering, per-browser state, the sandbox queue."""
