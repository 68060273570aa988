from django.conf import settings


def pytest_report_header() -> list[str]:
    # Which servers this run talks to: the PostgreSQL and Redis reruns say so at the top.
    database = settings.DATABASES["default"]
    layer = settings.CHANNEL_LAYERS["default"]["BACKEND"]
    return [f"database: {database['ENGINE']} ({database['NAME']}); channel layer: {layer}"]
