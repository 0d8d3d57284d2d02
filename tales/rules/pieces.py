"""Setting out a scenario's pieces beyond its cards, as its setup prints
them: barriers across connections, vehicles, prisoners and the Group token."""

from __future__ import annotations

from tales.rules.group import place_group
from tales.rules.paths import lay_setup_barriers
from tales.rules.prisoners import place_prisoners
from tales.rules.table import Table
from tales.rules.vehicles import place_vehicles


def set_out(table: Table) -> None:
    """Every piece where the setup puts it (barriers told as they are laid)."""
    table.barriers = {}
    lay_setup_barriers(table)
    place_vehicles(table)
    place_prisoners(table)
    place_group(table)
