"""Save sheets, the journal, undo and checkpoints, and the printable export."""
