"""The service: what a table does with its games, decks, boards and record, in
transactions of the store; it tells the live channel after each change."""
