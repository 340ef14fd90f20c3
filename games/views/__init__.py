"""Views of the games app: thin functions, one service call each."""
