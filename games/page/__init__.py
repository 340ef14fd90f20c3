"""The game page: its view-model, the turn, the counties and their drawing, the live poll's
token, the offer the browser tries tiles with, and the history, all in the words players read.

``model.build_page`` is where a page starts; the views call nothing else to draw a game.
"""
