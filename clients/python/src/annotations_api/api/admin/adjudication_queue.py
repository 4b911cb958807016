from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.adjudication_queue_output import AdjudicationQueueOutput
from ...models.adjudication_queue_question import AdjudicationQueueQuestion
from ...models.error_envelope import ErrorEnvelope
from ...types import UNSET, Response, Unset


def _get_kwargs(
    slug: str,
    *,
    decided: bool | Unset = UNSET,
    page: int | Unset = UNSET,
    question: AdjudicationQueueQuestion | Unset = UNSET,
    round_: int | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["decided"] = decided

    params["page"] = page

    json_question: str | Unset = UNSET
    if not isinstance(question, Unset):
        json_question = question.value

    params["question"] = json_question

    params["round"] = round_

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/admin/projects/{slug}/adjudication/".format(
            slug=quote(str(slug), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> AdjudicationQueueOutput | ErrorEnvelope | None:
    if response.status_code == 200:
        response_200 = AdjudicationQueueOutput.from_dict(response.json())

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
) -> Response[AdjudicationQueueOutput | ErrorEnvelope]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    slug: str,
    *,
    client: AuthenticatedClient,
    decided: bool | Unset = UNSET,
    page: int | Unset = UNSET,
    question: AdjudicationQueueQuestion | Unset = UNSET,
    round_: int | Unset = UNSET,
) -> Response[AdjudicationQueueOutput | ErrorEnvelope]:
    """What needs an admin's decision, lowest agreement first

    Args:
        slug (str):
        decided (bool | Unset):
        page (int | Unset):
        question (AdjudicationQueueQuestion | Unset):
        round_ (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AdjudicationQueueOutput | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        slug=slug,
        decided=decided,
        page=page,
        question=question,
        round_=round_,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    slug: str,
    *,
    client: AuthenticatedClient,
    decided: bool | Unset = UNSET,
    page: int | Unset = UNSET,
    question: AdjudicationQueueQuestion | Unset = UNSET,
    round_: int | Unset = UNSET,
) -> AdjudicationQueueOutput | ErrorEnvelope | None:
    """What needs an admin's decision, lowest agreement first

    Args:
        slug (str):
        decided (bool | Unset):
        page (int | Unset):
        question (AdjudicationQueueQuestion | Unset):
        round_ (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AdjudicationQueueOutput | ErrorEnvelope
    """

    return sync_detailed(
        slug=slug,
        client=client,
        decided=decided,
        page=page,
        question=question,
        round_=round_,
    ).parsed


async def asyncio_detailed(
    slug: str,
    *,
    client: AuthenticatedClient,
    decided: bool | Unset = UNSET,
    page: int | Unset = UNSET,
    question: AdjudicationQueueQuestion | Unset = UNSET,
    round_: int | Unset = UNSET,
) -> Response[AdjudicationQueueOutput | ErrorEnvelope]:
    """What needs an admin's decision, lowest agreement first

    Args:
        slug (str):
        decided (bool | Unset):
        page (int | Unset):
        question (AdjudicationQueueQuestion | Unset):
        round_ (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AdjudicationQueueOutput | ErrorEnvelope]
    """

    kwargs = _get_kwargs(
        slug=slug,
        decided=decided,
        page=page,
        question=question,
        round_=round_,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    slug: str,
    *,
    client: AuthenticatedClient,
    decided: bool | Unset = UNSET,
    page: int | Unset = UNSET,
    question: AdjudicationQueueQuestion | Unset = UNSET,
    round_: int | Unset = UNSET,
) -> AdjudicationQueueOutput | ErrorEnvelope | None:
    """What needs an admin's decision, lowest agreement first

    Args:
        slug (str):
        decided (bool | Unset):
        page (int | Unset):
        question (AdjudicationQueueQuestion | Unset):
        round_ (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AdjudicationQueueOutput | ErrorEnvelope
    """

    return (
        await asyncio_detailed(
            slug=slug,
            client=client,
            decided=decided,
            page=page,
            question=question,
            round_=round_,
        )
    ).parsed
