# ruff: noqa: E501
"""detect-secrets deny-lists, copied at build time by scripts/gen_secret_patterns.py.

Generated from detect-secrets 1.5.0; do not edit by hand. The PostToolUse hook
scrubs with these without importing detect-secrets.
"""

DETECT_SECRETS_VERSION = "1.5.0"

PATTERNS: tuple[tuple[str, str, int], ...] = (
    ("aws-access-key", "(?:A3T[A-Z0-9]|ABIA|ACCA|AKIA|ASIA)[0-9A-Z]{16}", 0),
    (
        "aws-access-key",
        "aws.{0,20}?(?:key|pwd|pw|password|pass|token).{0,20}?[\\'\\\"]([0-9a-zA-Z/+]{40})[\\'\\\"]",
        2,
    ),
    ("artifactory-credentials", '(?:\\s|=|:|"|^)AKC[a-zA-Z0-9]{10,}(?:\\s|"|$)', 0),
    ("artifactory-credentials", '(?:\\s|=|:|"|^)AP[\\dABCDEF][a-zA-Z0-9]{8,}(?:\\s|"|$)', 0),
    ("azure-storage-account-access-key", "AccountKey=[a-zA-Z0-9+\\/=]{88}", 0),
    (
        "basic-auth-credentials",
        "://[^:/\\?\\#\\[\\]@!\\$\\&'\\(\\)\\*\\+,;=\\s]+:([^:/\\?\\#\\[\\]@!\\$\\&'\\(\\)\\*\\+,;=\\s]+)@",
        0,
    ),
    (
        "cloudant-credentials",
        "(?:(?<=\\W)|(?<=^))(?:\\[|)(?:\"|\\'|)(?:cloudant|cl|clou)(?:_|-|)(?:api|)(?:key|pwd|pw|password|pass|token)(?:\"|\\'|)(?:\\]|)(?: *)(?:=|:|:=|=>| +|::)(?: *)(?:\"|\\'|)([0-9a-f]{64})(?:\"|\\'|)",
        2,
    ),
    (
        "cloudant-credentials",
        "(?:(?<=\\W)|(?<=^))(?:\\[|)(?:\"|\\'|)(?:cloudant|cl|clou)(?:_|-|)(?:api|)(?:key|pwd|pw|password|pass|token)(?:\"|\\'|)(?:\\]|)(?: *)(?:=|:|:=|=>| +|::)(?: *)(?:\"|\\'|)([a-z]{24})(?:\"|\\'|)",
        2,
    ),
    (
        "cloudant-credentials",
        "(?:https?\\:\\/\\/)[\\w\\-]+\\:([0-9a-f]{64})\\@[\\w\\-]+\\.cloudant\\.com",
        2,
    ),
    (
        "cloudant-credentials",
        "(?:https?\\:\\/\\/)[\\w\\-]+\\:([a-z]{24})\\@[\\w\\-]+\\.cloudant\\.com",
        2,
    ),
    ("discord-bot-token", "[MNO][a-zA-Z\\d_-]{23,25}\\.[a-zA-Z\\d_-]{6}\\.[a-zA-Z\\d_-]{27}", 0),
    ("github-token", "(ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9_]{36}", 0),
    ("gitlab-token", "(glpat|gldt|glft|glsoat|glrt)-[A-Za-z0-9_\\-]{20,50}(?!\\w)", 0),
    ("gitlab-token", "GR1348941[A-Za-z0-9_\\-]{20,50}(?!\\w)", 0),
    ("gitlab-token", "glcbt-([0-9a-fA-F]{2}_)?[A-Za-z0-9_\\-]{20,50}(?!\\w)", 0),
    ("gitlab-token", "glimt-[A-Za-z0-9_\\-]{25}(?!\\w)", 0),
    ("gitlab-token", "glptt-[A-Za-z0-9_\\-]{40}(?!\\w)", 0),
    ("gitlab-token", "glagent-[A-Za-z0-9_\\-]{50,1024}(?!\\w)", 0),
    ("gitlab-token", "gloas-[A-Za-z0-9_\\-]{64}(?!\\w)", 0),
    ("json-web-token", "eyJ[A-Za-z0-9-_=]+\\.[A-Za-z0-9-_=]+\\.?[A-Za-z0-9-_.+/=]*?", 0),
    ("mailchimp-access-key", "[0-9a-z]{32}-us[0-9]{1,2}", 0),
    ("npm-tokens", "\\/\\/.+\\/:_authToken=\\s*((npm_.+)|([A-Fa-f0-9-]{36})).*", 0),
    ("openai-token", "sk-[A-Za-z0-9-_]*[A-Za-z0-9]{20}T3BlbkFJ[A-Za-z0-9]{20}", 0),
    ("private-key", "BEGIN DSA PRIVATE KEY", 0),
    ("private-key", "BEGIN EC PRIVATE KEY", 0),
    ("private-key", "BEGIN OPENSSH PRIVATE KEY", 0),
    ("private-key", "BEGIN PGP PRIVATE KEY BLOCK", 0),
    ("private-key", "BEGIN PRIVATE KEY", 0),
    ("private-key", "BEGIN RSA PRIVATE KEY", 0),
    ("private-key", "BEGIN SSH2 ENCRYPTED PRIVATE KEY", 0),
    ("private-key", "PuTTY-User-Key-File-2", 0),
    ("pypi-token", "pypi-AgEIcHlwaS5vcmc[A-Za-z0-9-_]{70,}", 0),
    ("pypi-token", "pypi-AgENdGVzdC5weXBpLm9yZw[A-Za-z0-9-_]{70,}", 0),
    ("sendgrid-api-key", "SG\\.[a-zA-Z0-9_-]{22}\\.[a-zA-Z0-9_-]{43}", 0),
    ("slack-token", "xox(?:a|b|p|o|s|r)-(?:\\d+-)+[a-z0-9]+", 2),
    (
        "slack-token",
        "https://hooks\\.slack\\.com/services/T[a-zA-Z0-9_]+/B[a-zA-Z0-9_]+/[a-zA-Z0-9_]+",
        66,
    ),
    ("square-oauth-secret", "sq0csp-[0-9A-Za-z\\\\\\-_]{43}", 0),
    ("stripe-access-key", "(?:r|s)k_live_[0-9a-zA-Z]{24}", 0),
    ("telegram-bot-token", "\\d{8,10}:[0-9A-Za-z_-]{35}", 0),
    ("twilio-api-key", "AC[a-z0-9]{32}", 0),
    ("twilio-api-key", "SK[a-z0-9]{32}", 0),
)
