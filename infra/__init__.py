"""The Wakeful CDK app: ``python -m infra.app`` (what ``npx cdk`` runs, see cdk.json)."""
