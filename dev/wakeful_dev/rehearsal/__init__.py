"""``make rehearse``: the synthesized stack created in moto's CloudFormation (its gaps
shimmed on a copy) and a user's first steps run through the deployed functions'
configuration. Laptop-only, outside the Lambda layer; see docs/operations.md."""
