"""The HTTP kit every capability's routes are written with: declaring routes light to
import (:mod:`~wakeful.apikit.routing`), answering JSON (:mod:`~wakeful.apikit.common`),
the response models' base (:mod:`~wakeful.apikit.responses`), the first look at a body
(:mod:`~wakeful.apikit.screen`) and the resolver with its error shape
(:mod:`~wakeful.apikit.resolver`). It imports only the shared bottom and Powertools;
:mod:`wakeful.api` composes the capabilities' routes with it."""

from wakeful.apikit import _powertools

# Before any route module imports Powertools' event handler: its package __init__ loads
# every resolver and asyncio, which the REST API never uses (wakeful.apikit._powertools).
_powertools.install()
