"""Games told again: the text history, the replay, the export and the archive of finished tables."""
