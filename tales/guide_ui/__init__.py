"""The prompt of the Travel Guide: at a terminal and from scripts (tales.guide_ui)."""
