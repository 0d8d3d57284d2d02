"""Inputs that are not a legal option, for the property tests that check an
illegal input changes nothing: drawn in one place, so every such test tries
the same kinds of near miss."""

from __future__ import annotations

import string
from collections.abc import Sequence

from hypothesis import strategies as st


def illegal_inputs(legal: Sequence[str], other_ids: Sequence[str]) -> st.SearchStrategy[str]:
    """Random words, other decisions' ids, and near misses of the legal ids
    (one letter short, upper case, a leading space, a trailing separator)."""
    strategies = [
        st.text(alphabet=string.ascii_lowercase + string.digits + ":-", max_size=30),
        st.sampled_from(other_ids),
    ]
    if legal:
        near = st.sampled_from(legal)
        strategies += [
            near.map(lambda i: i[:-1]),
            near.map(str.upper),
            near.map(" {}".format),
            near.map("{}:".format),
        ]
    return st.one_of(strategies)
