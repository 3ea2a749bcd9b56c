"""connect(): which LLM the workbook talks to, always through the real openai SDK.

Function calling is one protocol across vendors (seed 000, insight 7): the same agent code
runs on the offline model, on OpenAI, or on any OpenAI-compatible server; only this module
knows which.

WORKBOOK_BACKEND   offline (default) | openai | compatible
OPENAI_BASE_URL    alone selects compatible (any OpenAI-compatible server)
WORKBOOK_MODEL     the model to send (openai: default gpt-4o-mini; compatible: required)
WORKBOOK_FORCE_OFFLINE=1   always offline, whatever else is set (tests and stored outputs)

connect() prints one line naming the backend (never the key, never a password in the URL),
once per kernel; errors a learner must act on are BackendErrors, shown as one readable block.
"""

from __future__ import annotations

import dataclasses
import os
import re
import warnings
from typing import TYPE_CHECKING, Any, Literal, overload

import httpx2
import openai

from helpers.errors import ReadableError

# helpers.offline (the offline model) is imported only here, and only when it is used: inside
# the functions below, so that `import helpers` does not load the whole model.
if TYPE_CHECKING:
    from helpers.offline import ModelConfig

__all__ = [  # and PROFILES (see __getattr__): the stream shapes a lesson can ask for
    "BackendError",
    "backend_name",
    "connect",
    "connect_async",
    "describe",
    "forget_shown",
    "model_name",
    "redact_url",
    "sdk_client",
]

BACKENDS = ("offline", "openai", "compatible")
DEFAULT_OPENAI_MODEL = "gpt-4o-mini"
OFFLINE_URL = "http://offline.invalid/v1"  # never resolved: the transport answers in process
EXPLAINED = (401, 404, 429)  # statuses that explain() may turn into one message
USE_OFFLINE = "or unset WORKBOOK_BACKEND and OPENAI_BASE_URL to use the offline model"
RESTART = (
    "After changing an environment variable, restart the kernel so that it reads the new "
    "value, and run the notebook from the top."
)
URL_CREDENTIALS = re.compile(r"(?<=://)[^/\s@]+@")  # the "user:password@" after a scheme
_shown: set[str] = set()  # the banners and warnings this process (kernel) has shown


class BackendError(ReadableError, openai.OpenAIError):
    """The backend cannot be used as configured; the message says what to set."""

    advice = RESTART  # shown under the message in a notebook


def redact_url(text: str) -> str:
    """`text` with the credentials of every URL in it replaced: http://***@host/v1."""
    return URL_CREDENTIALS.sub("***@", text)


def show_once(line: str) -> None:
    """Print `line` unless this process has printed it already (one banner per kernel)."""
    if line not in _shown:
        _shown.add(line)
        print(line)


def forget_shown() -> None:
    """Forget the banners and warnings shown, as a new kernel would (for tests)."""
    _shown.clear()


def __getattr__(name: str) -> Any:
    """`PROFILES`, the offline model's stream shapes, loaded with the model on first use."""
    if name == "PROFILES":
        from helpers.offline import PROFILES

        return PROFILES
    raise AttributeError(f"module 'helpers.backend' has no attribute {name!r}")


def backend_name() -> str:
    """The backend the environment asks for."""
    if os.environ.get("WORKBOOK_FORCE_OFFLINE") == "1":
        return "offline"
    default = "compatible" if os.environ.get("OPENAI_BASE_URL") else "offline"
    name = os.environ.get("WORKBOOK_BACKEND", "").strip().lower() or default
    if name not in BACKENDS:
        raise BackendError(
            f"WORKBOOK_BACKEND={name!r} is not a backend. Use one of: {', '.join(BACKENDS)}."
        )
    return name


def model_name() -> str:
    """The model id to send for the configured backend."""
    backend = backend_name()
    if backend == "offline":
        from helpers.offline import MODEL_ID

        return MODEL_ID
    model = os.environ.get("WORKBOOK_MODEL", "").strip()
    if backend == "compatible" and not model:
        raise BackendError(
            "A compatible server needs a model name: set WORKBOOK_MODEL "
            "(e.g. to one that its /v1/models lists)."
        )
    return model or DEFAULT_OPENAI_MODEL


def describe() -> str:
    """One line naming the backend and the model (never the key)."""
    backend = backend_name()
    where = f" at {redact_url(_base_url(backend))}" if backend == "compatible" else ""
    return f"backend: {backend}{where} (model {model_name()})"


def connect(**offline_options: Any) -> openai.OpenAI:
    """An openai.OpenAI client for the configured backend; options configure the offline model
    (with another backend they are ignored, with a warning). The first call prints describe()."""
    backend = backend_name()
    options = _client_options(backend, offline_options)
    if backend == "offline":
        from helpers.offline import sync_transport

        transport = sync_transport(offline_config(offline_options))
    else:
        transport = ExplainingTransport(httpx2.HTTPTransport(), options["base_url"])
    client = sdk_client(transport, **options)
    show_once(describe())
    return client


def connect_async(**offline_options: Any) -> openai.AsyncOpenAI:
    """An openai.AsyncOpenAI client for the configured backend, like connect()."""
    backend = backend_name()
    options = _client_options(backend, offline_options)
    if backend == "offline":
        from helpers.offline import async_transport

        transport = async_transport(offline_config(offline_options))
    else:
        transport = ExplainingTransport(httpx2.AsyncHTTPTransport(), options["base_url"])
    client = sdk_client(transport, **options, asynchronous=True)
    show_once(describe())
    return client


@overload
def sdk_client(
    transport: httpx2.BaseTransport,
    *,
    base_url: str,
    api_key: str,
    asynchronous: Literal[False] = False,
    max_retries: int = 0,
) -> openai.OpenAI: ...


@overload
def sdk_client(
    transport: httpx2.AsyncBaseTransport,
    *,
    base_url: str,
    api_key: str,
    asynchronous: Literal[True],
    max_retries: int = 0,
) -> openai.AsyncOpenAI: ...


def sdk_client(
    transport: httpx2.BaseTransport | httpx2.AsyncBaseTransport,
    *,
    base_url: str,
    api_key: str,
    asynchronous: bool = False,
    max_retries: int = 0,
) -> openai.OpenAI | openai.AsyncOpenAI:
    """The real openai SDK client (AsyncOpenAI if asynchronous) sending through `transport`;
    never retried unless `max_retries` says so (a retry would repeat an in-process reply)."""
    if asynchronous:
        return openai.AsyncOpenAI(
            api_key=api_key,
            base_url=base_url,
            max_retries=max_retries,
            http_client=httpx2.AsyncClient(transport=transport),
        )
    return openai.OpenAI(
        api_key=api_key,
        base_url=base_url,
        max_retries=max_retries,
        http_client=httpx2.Client(transport=transport),
    )


def _client_options(backend: str, offline_options: dict[str, Any]) -> dict[str, Any]:
    """Key, URL and retries for the SDK client (the offline model is never retried)."""
    if backend == "offline":
        return {"api_key": "offline", "base_url": OFFLINE_URL, "max_retries": 0}
    if offline_options:
        _warn_ignored(backend, offline_options)
    return {
        "api_key": _api_key(backend),
        "base_url": _base_url(backend),
        "max_retries": openai.DEFAULT_MAX_RETRIES,
    }


def _warn_ignored(backend: str, offline_options: dict[str, Any]) -> None:
    """One warning per set of options that do nothing here (misspelt ones are still errors),
    so the same notebook runs unchanged on a real model."""
    offline_config(offline_options)  # a misspelt option or value is named, as offline
    given = ", ".join(f"{name}={value!r}" for name, value in sorted(offline_options.items()))
    message = (
        f"{given} configure the offline model; backend {backend!r} is a real model that makes "
        "its own choices, so this demonstration may differ. The options are ignored."
    )
    if message not in _shown:
        _shown.add(message)
        warnings.warn(message, UserWarning, stacklevel=4)


def offline_config(options: dict[str, Any]) -> ModelConfig:
    """The offline model's settings from connect()'s keyword arguments."""
    from helpers.offline import ModelConfig

    allowed = [field.name for field in dataclasses.fields(ModelConfig)]
    unknown = sorted(set(options) - set(allowed))
    if unknown:
        raise TypeError(f"Unknown offline option {unknown[0]!r}. Allowed: {', '.join(allowed)}.")
    return ModelConfig(**options)


def _api_key(backend: str) -> str:
    """The key from OPENAI_API_KEY (a compatible server may need none)."""
    key = os.environ.get("OPENAI_API_KEY", "").strip()
    if backend == "openai" and not key:
        raise BackendError(f"The openai backend needs a key: set OPENAI_API_KEY, {USE_OFFLINE}.")
    return key or "not-needed"


def _base_url(backend: str) -> str:
    """Where the backend lives."""
    url = os.environ.get("OPENAI_BASE_URL", "").strip()
    if backend == "compatible" and not url:
        raise BackendError(
            "The compatible backend needs OPENAI_BASE_URL, e.g. http://127.0.0.1:8765/v1."
        )
    return url or "https://api.openai.com/v1"


def _raise_if_explained(response: httpx2.Response, url: str) -> None:
    """Raise the actionable message for this response, if there is one."""
    problem = explain(response, url)
    if problem is not None:
        raise problem


def explain(response: httpx2.Response, url: str) -> BackendError | None:
    """One actionable message for the first-call failures learners hit most, else None."""
    if response.status_code == 401:
        return BackendError(
            f"The server at {url} rejected the API key (401): check OPENAI_API_KEY, {USE_OFFLINE}."
        )
    body = response.text
    if response.status_code == 404 and "model" in body:
        return BackendError(
            f"The server at {url} does not serve model {model_name()!r} (404): "
            "set WORKBOOK_MODEL to a "
            f"model it lists at {url}/models, {USE_OFFLINE}."
        )
    if response.status_code == 429 and "insufficient_quota" in body:
        return BackendError(
            f"The account behind OPENAI_API_KEY has no credits left (429), {USE_OFFLINE}."
        )
    return None


def _unreachable(url: str, error: Exception) -> BackendError:
    """The message for a server that does not answer."""
    return BackendError(
        f"Cannot reach {url} ({redact_url(str(error))}). Is the server running? Start the "
        f"offline one with `python -m helpers.offline --port 8765`, {USE_OFFLINE}."
    )


class ExplainingTransport(httpx2.BaseTransport, httpx2.AsyncBaseTransport):
    """Sends requests through `inner` (sync or async); an unreachable server, a bad key or an
    unknown model become one BackendError that says what to set (naming `url` without its
    credentials)."""

    def __init__(self, inner: httpx2.BaseTransport | httpx2.AsyncBaseTransport, url: str) -> None:
        self.inner, self.url = inner, redact_url(url)

    def handle_request(self, request: httpx2.Request) -> httpx2.Response:
        try:
            response = self.inner.handle_request(request)
        except (httpx2.ConnectError, httpx2.ConnectTimeout) as error:
            raise _unreachable(self.url, error) from None
        if response.status_code in EXPLAINED:
            response.read()
            _raise_if_explained(response, self.url)
        return response

    async def handle_async_request(self, request: httpx2.Request) -> httpx2.Response:
        try:
            response = await self.inner.handle_async_request(request)
        except (httpx2.ConnectError, httpx2.ConnectTimeout) as error:
            raise _unreachable(self.url, error) from None
        if response.status_code in EXPLAINED:
            await response.aread()
            _raise_if_explained(response, self.url)
        return response

    def close(self) -> None:
        self.inner.close()

    async def aclose(self) -> None:
        await self.inner.aclose()
