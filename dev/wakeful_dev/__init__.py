"""``wakeful dev``: the whole system on one machine, AWS emulated by moto.

An entry point like the Lambda handlers: importing it hands the core what plugs into it
(:func:`wakeful.assembly.install`)."""

from wakeful import assembly

assembly.install()
