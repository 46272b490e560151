"""The management HTTP API (API Gateway REST -> the api Lambda): the composition root that
puts every capability's routes on resolvers (:mod:`wakeful.api.app`), built with the HTTP
kit :mod:`wakeful.apikit`."""
