"""``wakeful dev``: the whole system on one machine, AWS emulated by moto."""
