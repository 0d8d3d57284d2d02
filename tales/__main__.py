"""``python -m tales`` runs the command line."""

from tales.cli import main

main()
