from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.overlap_input import OverlapInput
from ...models.overlap_output import OverlapOutput
from ...types import Response


def _get_kwargs(
    round_id: int,
    *,
    body: OverlapInput,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/api/admin/rounds/{round_id}/overlap/".format(
            round_id=quote(str(round_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorEnvelope | OverlapOutput | None:
    if response.status_code == 200:
        response_200 = OverlapOutput.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ErrorEnvelope.from_dict(response.json())

        return response_400

    if response.status_code == 403:
        response_403 = ErrorEnvelope.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = ErrorEnvelope.from_dict(response.json())

        return response_404

    if response.status_code == 405:
        response_405 = ErrorEnvelope.from_dict(response.json())

        return response_405

    if response.status_code == 406:
        response_406 = ErrorEnvelope.from_dict(response.json())

        return response_406

    if response.status_code == 409:
        response_409 = ErrorEnvelope.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = ErrorEnvelope.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = ErrorEnvelope.from_dict(response.json())

        return response_415

    if response.status_code == 429:
        response_429 = ErrorEnvelope.from_dict(response.json())

        return response_429

    if response.status_code == 500:
        response_500 = ErrorEnvelope.from_dict(response.json())

        return response_500

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ErrorEnvelope | OverlapOutput]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    round_id: int,
    *,
    client: AuthenticatedClient,
    body: OverlapInput,
) -> Response[ErrorEnvelope | OverlapOutput]:
    """Turn the automatic fill on or off (on fills what is short now)

    Args:
        round_id (int):
        body (OverlapInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | OverlapOutput]
    """

    kwargs = _get_kwargs(
        round_id=round_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    round_id: int,
    *,
    client: AuthenticatedClient,
    body: OverlapInput,
) -> ErrorEnvelope | OverlapOutput | None:
    """Turn the automatic fill on or off (on fills what is short now)

    Args:
        round_id (int):
        body (OverlapInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | OverlapOutput
    """

    return sync_detailed(
        round_id=round_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    round_id: int,
    *,
    client: AuthenticatedClient,
    body: OverlapInput,
) -> Response[ErrorEnvelope | OverlapOutput]:
    """Turn the automatic fill on or off (on fills what is short now)

    Args:
        round_id (int):
        body (OverlapInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | OverlapOutput]
    """

    kwargs = _get_kwargs(
        round_id=round_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    round_id: int,
    *,
    client: AuthenticatedClient,
    body: OverlapInput,
) -> ErrorEnvelope | OverlapOutput | None:
    """Turn the automatic fill on or off (on fills what is short now)

    Args:
        round_id (int):
        body (OverlapInput):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | OverlapOutput
    """

    return (
        await asyncio_detailed(
            round_id=round_id,
            client=client,
            body=body,
        )
    ).parsed
