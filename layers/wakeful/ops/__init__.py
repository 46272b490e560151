"""Operations: seed 000's "Monitoring & Health Checks" as owner-scoped endpoints
(``service``, ``routes``) and the API's OpenAPI document and Swagger UI (``openapi``)."""
