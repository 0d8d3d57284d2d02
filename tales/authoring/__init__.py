"""Tools for authors: checking, mapping and formatting storybooks."""
