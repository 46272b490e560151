"""The management HTTP API (API Gateway REST -> the api Lambda)."""
