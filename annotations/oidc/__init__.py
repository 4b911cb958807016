"""Sign-in with the lab's identity provider (OpenID Connect), through mozilla-django-oidc.

Off unless ``OIDC_RP_CLIENT_ID`` and an issuer (or the endpoints) are set (docs/sign-in.md):
then the sign-in page shows "Sign in with <provider>" beside the password form.
"""
