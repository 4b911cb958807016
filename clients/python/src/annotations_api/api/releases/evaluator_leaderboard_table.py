from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_envelope import ErrorEnvelope
from ...models.evaluator_leaderboard_table_analysis import EvaluatorLeaderboardTableAnalysis
from ...models.evaluator_leaderboard_table_level import EvaluatorLeaderboardTableLevel
from ...types import UNSET, Response, Unset


def _get_kwargs(
    release_id: int,
    table: str,
    *,
    analysis: EvaluatorLeaderboardTableAnalysis | Unset = UNSET,
    level: EvaluatorLeaderboardTableLevel | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_analysis: str | Unset = UNSET
    if not isinstance(analysis, Unset):
        json_analysis = analysis.value

    params["analysis"] = json_analysis

    json_level: str | Unset = UNSET
    if not isinstance(level, Unset):
        json_level = level.value

    params["level"] = json_level

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/releases/{release_id}/leaderboard.{table}".format(
            release_id=quote(str(release_id), safe=""),
            table=quote(str(table), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorEnvelope | str | None:
    if response.status_code == 200:
        response_200 = response.text
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
) -> Response[ErrorEnvelope | str]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    release_id: int,
    table: str,
    *,
    client: AuthenticatedClient,
    analysis: EvaluatorLeaderboardTableAnalysis | Unset = UNSET,
    level: EvaluatorLeaderboardTableLevel | Unset = UNSET,
) -> Response[ErrorEnvelope | str]:
    """The leaderboard of one level, or one analysis, as a CSV or a LaTeX table

    Args:
        release_id (int):
        table (str):
        analysis (EvaluatorLeaderboardTableAnalysis | Unset):
        level (EvaluatorLeaderboardTableLevel | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | str]
    """

    kwargs = _get_kwargs(
        release_id=release_id,
        table=table,
        analysis=analysis,
        level=level,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    release_id: int,
    table: str,
    *,
    client: AuthenticatedClient,
    analysis: EvaluatorLeaderboardTableAnalysis | Unset = UNSET,
    level: EvaluatorLeaderboardTableLevel | Unset = UNSET,
) -> ErrorEnvelope | str | None:
    """The leaderboard of one level, or one analysis, as a CSV or a LaTeX table

    Args:
        release_id (int):
        table (str):
        analysis (EvaluatorLeaderboardTableAnalysis | Unset):
        level (EvaluatorLeaderboardTableLevel | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | str
    """

    return sync_detailed(
        release_id=release_id,
        table=table,
        client=client,
        analysis=analysis,
        level=level,
    ).parsed


async def asyncio_detailed(
    release_id: int,
    table: str,
    *,
    client: AuthenticatedClient,
    analysis: EvaluatorLeaderboardTableAnalysis | Unset = UNSET,
    level: EvaluatorLeaderboardTableLevel | Unset = UNSET,
) -> Response[ErrorEnvelope | str]:
    """The leaderboard of one level, or one analysis, as a CSV or a LaTeX table

    Args:
        release_id (int):
        table (str):
        analysis (EvaluatorLeaderboardTableAnalysis | Unset):
        level (EvaluatorLeaderboardTableLevel | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorEnvelope | str]
    """

    kwargs = _get_kwargs(
        release_id=release_id,
        table=table,
        analysis=analysis,
        level=level,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    release_id: int,
    table: str,
    *,
    client: AuthenticatedClient,
    analysis: EvaluatorLeaderboardTableAnalysis | Unset = UNSET,
    level: EvaluatorLeaderboardTableLevel | Unset = UNSET,
) -> ErrorEnvelope | str | None:
    """The leaderboard of one level, or one analysis, as a CSV or a LaTeX table

    Args:
        release_id (int):
        table (str):
        analysis (EvaluatorLeaderboardTableAnalysis | Unset):
        level (EvaluatorLeaderboardTableLevel | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorEnvelope | str
    """

    return (
        await asyncio_detailed(
            release_id=release_id,
            table=table,
            client=client,
            analysis=analysis,
            level=level,
        )
    ).parsed
