"""The Innsmouth Travel Guide: the pure rules of the roll-and-write game.

Nothing in this package prints, reads files (except :mod:`tales.guide.data`,
the loader of ``storybooks/guide/``) or rolls without an explicit
``random.Random``. The board is a graph of roads (:mod:`tales.guide.citymap`),
segments are written in a short notation (:mod:`tales.guide.geometry`), and
the end of the game is exact: the final route (:mod:`tales.guide.route`), its
threat check (:mod:`tales.guide.threat`), its score sheet
(:mod:`tales.guide.scoring`) and the search for the best route
(:mod:`tales.guide.search`).
"""
