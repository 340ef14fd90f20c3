"""The game page: its view-model, the turn, the counties and their drawing, the live poll's
token and the offer the browser tries tiles with, all in the words players read.

``model.build_page`` is where a page starts; the views call nothing else to draw a game.
"""
