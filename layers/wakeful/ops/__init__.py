"""Operations: the monitoring and health-check queries as owner-scoped endpoints
(``service``, ``routes``) and the API's OpenAPI document and Swagger UI (``openapi``)."""
