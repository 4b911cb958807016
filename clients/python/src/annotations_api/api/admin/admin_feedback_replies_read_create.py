from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.read_replies_output import ReadRepliesOutput
from ...types import Response


def _get_kwargs(
    feedback_id: int,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/admin/feedback/{feedback_id}/replies/read/".format(
            feedback_id=quote(str(feedback_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorEnvelope | ReadRepliesOutput | None:
    if response.status_code == 200:
        response_200 = ReadRepliesOutput.from_dict(response.json())

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
) -> Response[ErrorEnvelope | ReadRepliesOutput]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    feedback_id: int,
    *,
    client: AuthenticatedClient,
) -> Response[ErrorEnvelope | ReadRepliesOutput]:
    """Mark the annotator's replies under a note read (an admin of its project)

    Args:
        feedback_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | ReadRepliesOutput]
    """

    kwargs = _get_kwargs(
        feedback_id=feedback_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    feedback_id: int,
    *,
    client: AuthenticatedClient,
) -> ErrorEnvelope | ReadRepliesOutput | None:
    """Mark the annotator's replies under a note read (an admin of its project)

    Args:
        feedback_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | ReadRepliesOutput
    """

    return sync_detailed(
        feedback_id=feedback_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    feedback_id: int,
    *,
    client: AuthenticatedClient,
) -> Response[ErrorEnvelope | ReadRepliesOutput]:
    """Mark the annotator's replies under a note read (an admin of its project)

    Args:
        feedback_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | ReadRepliesOutput]
    """

    kwargs = _get_kwargs(
        feedback_id=feedback_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    feedback_id: int,
    *,
    client: AuthenticatedClient,
) -> ErrorEnvelope | ReadRepliesOutput | None:
    """Mark the annotator's replies under a note read (an admin of its project)

    Args:
        feedback_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | ReadRepliesOutput
    """

    return (
        await asyncio_detailed(
            feedback_id=feedback_id,
            client=client,
        )
    ).parsed
