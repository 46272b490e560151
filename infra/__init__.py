"""The Wakeful CDK app: ``python -m infra.app`` (what ``npx cdk`` runs, see cdk.json).

An entry point like the Lambda handlers: importing it hands the core what plugs into it
(the capabilities' manifests: the extensions' tables, functions' needs; :func:`wakeful.assembly.install`)."""

from wakeful import assembly

assembly.install()
