"""The tutorial (``/learn/``): a first game on a fixed deal against the easy bot, played on the
real game page, where each round introduces one idea beside the board.

- ``deal``: the tutorial's fixed deal, and how a table is known to be a tutorial.
- ``lessons``: the twelve lessons, the spot each suggests, and what a move did, in words.
- ``start``: the writer: a person starts (or starts again) their tutorial table.
- ``panel``: what the game page shows beside the board at a tutorial table.
- ``views``: the ``/learn/`` page.
"""
