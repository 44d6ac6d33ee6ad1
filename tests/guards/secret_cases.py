# ruff: noqa: E501
"""Realistic secrets by class, as they appear in tool output (all values are made up).

Each case is (class, text, secret): after scrubbing, ``secret`` must be gone from the text.
Values are assembled from parts so no line of this file is itself a scannable credential.
"""

from __future__ import annotations

A40 = "wJalrXUtnFEMI/K7MDENG/bPxRfiCY" + "EXAMPLEKEY"
H32 = "3f9a1c0e7b2d4a6f" + "8e1b5c9d0a7f3e2b"
H64 = H32 + "c4d8e2f1a9b7c3d5" + "e6f0a1b2c3d4e5f6"

CASES: list[tuple[str, str, str]] = [
    # AWS
    ("aws-sts", '"SecretAccessKey": "' + A40 + '",', A40),
    ("aws-sts", '"SessionToken": "IQoJb3JpZ2luX2Vj' + "EHEaCXVzLWVhc3QtMSJHMEUCIQD6x" * 3 + '",',
     "IQoJb3JpZ2luX2Vj" + "EHEaCXVzLWVhc3QtMSJHMEUCIQD6x" * 3),
    ("aws-sts", "export AWS_SESSION_TOKEN=FwoGZXIvYXdzE" + "Jr9aBcDeFgHiJkLmNoPq" * 3,
     "FwoGZXIvYXdzE" + "Jr9aBcDeFgHiJkLmNoPq" * 3),
    ("aws-env", "AWS_SECRET_ACCESS_KEY=" + A40, A40),
    ("aws-free-text", "use AKIAIOSFODNN7EXAMPL2 with " + A40 + " for prod", A40),
    ("aws-free-text", "key id ASIAJEXAMPLEXEG2JICEA / secret " + A40, A40),
    ("aws-ini", "[default]\naws_access_key_id = AKIAI44QH8DHBEXAMPLE\naws_secret_access_key = "
     + A40, A40),
    # connection strings and URL userinfo
    ("jdbc", "jdbc:postgresql://db:5432/app?user=app&password=S3cr3tPassw0rd", "S3cr3tPassw0rd"),
    ("jdbc", "jdbc:mysql://db:3306/app?user=root&password=My5qlR00tPw", "My5qlR00tPw"),
    ("mssql", "Server=tcp:db,1433;Initial Catalog=app;User Id=sa;Password=P@ssw0rd!2024;",
     "P@ssw0rd!2024"),
    ("mssql", "Data Source=db;User ID=app;Pwd=Mss9lPwdValue;", "Mss9lPwdValue"),
    ("redis-empty-user", "REDIS_URL=redis://:r3d1sP4ssw0rd@cache:6379/0", "r3d1sP4ssw0rd"),
    ("url-slash", "DATABASE_URL=postgres://app:pa/ss/w0rd9@db.internal:5432/app", "pa/ss/w0rd9"),
    ("url-at", "mongodb://admin:p@ssw0rd99@mongo.internal:27017/admin", "p@ssw0rd99"),
    ("url-any-scheme", "amqp://guest:Rabb1tS3cret@mq:5672/", "Rabb1tS3cret"),
    ("url-any-scheme", "git clone https://bob:ghTokenLike9x8y7z@git.example.com/r.git",
     "ghTokenLike9x8y7z"),
    ("url-any-scheme", "ftp://user:Ftp5ecretPw@files.example.com/pub", "Ftp5ecretPw"),
    # env / YAML / JSON / INI
    (".env", "DB_PASSWORD=Sup3rS3cretDbPw", "Sup3rS3cretDbPw"),
    (".env", "export STRIPE_WEBHOOK_SECRET='whs3cretValue123456'", "whs3cretValue123456"),
    (".env", 'SECRET_KEY="django-insecure-8f7d6s5a4q3w2e1r"', "django-insecure-8f7d6s5a4q3w2e1r"),
    ("yaml", "database:\n  user: app\n  password: Yaml5ecretPw!", "Yaml5ecretPw!"),
    ("yaml", "oauth:\n  client_secret: 'yAmlCl1entS3cret'", "yAmlCl1entS3cret"),
    ("json", '{"user": "app", "password": "J5onS3cretPw"}', "J5onS3cretPw"),
    ("json", '{"client_id": "abc", "client_secret": "GoCl1entS3cretJson"}', "GoCl1entS3cretJson"),
    ("json", '{"api_key": "' + H32 + '"}', H32),
    ("ini", "[smtp]\nhost = mail\npassword = Ini5mtpS3cret", "Ini5mtpS3cret"),
    ("toml", 'token = "t0mlT0kenValue9876"', "t0mlT0kenValue9876"),
    ("php", "'db_password' => 'PhpArr4yS3cret',", "PhpArr4yS3cret"),
    ("pgpass", "PGPASSWORD=PgP4ssEnvValue psql -h db", "PgP4ssEnvValue"),
    # headers and CLIs
    ("basic-auth", "Authorization: Basic dXNlcjpzdXBlcnNlY3JldHBhc3M=", "dXNlcjpzdXBlcnNlY3JldHBhc3M="),
    ("token-auth", "authorization: Token 9944b09199c62bcf9418ad846dd0e4bbdfc6ee4b",
     "9944b09199c62bcf9418ad846dd0e4bbdfc6ee4b"),
    ("bearer", "Authorization: Bearer abcDEF123ghiJKL456mnoPQR789", "abcDEF123ghiJKL456mnoPQR789"),
    ("api-key-header", "X-Api-Key: k3yH34derValue12345", "k3yH34derValue12345"),
    ("api-key-header", "DD-API-KEY: " + H32, H32),
    ("curl-u", "curl -u admin:Curl5ecretPw https://api.example.com", "Curl5ecretPw"),
    ("curl-u", "curl --user deploy:An0therCurlPw -X POST https://x", "An0therCurlPw"),
    (".netrc", "machine api.example.com login bob password N3trcS3cretPw", "N3trcS3cretPw"),
    (".netrc", "machine git.example.com\n  login alice\n  password N3trcMultiLine9",
     "N3trcMultiLine9"),
    # token prefixes
    ("twilio", "TWILIO_ACCOUNT_SID=AC" + H32 + "\nTWILIO_AUTH_TOKEN=" + H32[::-1], H32[::-1]),
    ("twilio", "sid SK" + H32, "SK" + H32),
    ("datadog", "DD_API_KEY=" + H32, H32),
    ("datadog", "DD_APP_KEY=" + H32 + "a1b2c3d4", H32 + "a1b2c3d4"),
    ("digitalocean", "token: dop_v1_" + H64, "dop_v1_" + H64),
    ("vault", "VAULT_TOKEN=hvs.CAESIJ0aBcDeFgHiJkLmNoPqRsTuVwXyZ", "hvs.CAESIJ0aBcDeFgHiJkLmNoPqRsTuVwXyZ"),
    ("vault", "Key Value\ntoken hvs.CAESIB9zYxWvUtSrQpOnMlKjIhGfEdCbA", "hvs.CAESIB9zYxWvUtSrQpOnMlKjIhGfEdCbA"),
    ("shopify", "shpat_" + H32, "shpat_" + H32),
    ("docker", "dckr_pat_2b3e4f5a6b7c8d9e0f1a2b3c4d5", "dckr_pat_2b3e4f5a6b7c8d9e0f1a2b3c4d5"),
    ("sentry", "SENTRY_DSN=https://" + H32 + "@o123456.ingest.sentry.io/789", H32),
    ("sentry", "sntrys_eyJpYXQiOjE2OTQwMDAwMDAsInVybCI6Imh0dHBzOi8vc2VudHJ5LmlvIn0",
     "sntrys_eyJpYXQiOjE2OTQwMDAwMDAsInVybCI6Imh0dHBzOi8vc2VudHJ5LmlvIn0"),
    ("github", "GITHUB_TOKEN=ghp_" + "aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789", "ghp_" + "aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789"),
    ("slack", "xoxb-" + "1234567890-0987654321-AbCdEfGhIjKlMnOpQrStUvWx", "xoxb-" + "1234567890-0987654321-AbCdEfGhIjKlMnOpQrStUvWx"),
    ("stripe", "sk_live_" + "4eC39HqLyjWDarjtT1zdp7dc", "sk_live_" + "4eC39HqLyjWDarjtT1zdp7dc"),
    ("anthropic", "ANTHROPIC_API_KEY=sk-ant-api03-" + "x9Y8z7W6v5U4t3S2r1Q0pOnMlK", "sk-ant-api03-" + "x9Y8z7W6v5U4t3S2r1Q0pOnMlK"),
    # Kubernetes and Docker config
    ("k8s-secret", "apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\ntype: Opaque\ndata:\n"
     "  username: YWRtaW4=\n  tls.key: LS0tLS1CRUdJTiBQUklWQVRFIEtFWS0tLS0t\n",
     "LS0tLS1CRUdJTiBQUklWQVRFIEtFWS0tLS0t"),
    ("k8s-secret", "kind: Secret\nstringData:\n  config.yaml: c2VjcmV0OiB2YWx1ZQo=\n",
     "c2VjcmV0OiB2YWx1ZQo="),
    ("docker-config", '{"auths": {"registry.example.com": {"auth": "ZGVwbG95OmRvY2tlcnBhc3M="}}}',
     "ZGVwbG95OmRvY2tlcnBhc3M="),
    ("docker-config", '{"auths": {"r.io": {"identitytoken": "eyJhbGciOiJSUzI1NiJ9aBcDeF"}}}',
     "eyJhbGciOiJSUzI1NiJ9aBcDeF"),
    ("private-key", "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n"
     "-----END OPENSSH PRIVATE KEY-----", "b3BlbnNzaC1rZXktdjEAAAAA"),
]  # fmt: skip

HARMLESS: list[str] = [
    "PWD=/home/agent/proj OLDPWD=/home/agent",
    "tokens_in=123456 tokens_out=2345 max_tokens: 4096",
    "password = request.form.get",
    "DB_PASSWORD=${DB_PASSWORD}",
    "see https://docs.python.org/3/library/secrets.html for the secrets module",
    "git@github.com:owner/repo.git",
    "def check_password(user): return True",
    "author: Jane Doe <jane@example.com>",
    "commit 3f9a1c0e7b2d4a6f8e1b5c9d0a7f3e2b1c4d8e2f",
]
