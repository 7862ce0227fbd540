"""Turn an uploaded CSV / Excel / Parquet file into clean Parquet tables and data cards.

`ingest_file` reads every file in a bounded child process (`bounded`); the reading itself
is `pipeline.ingest_file`, which only the child calls.
"""

from analyst.ingest.bounded import ingest_file
from analyst.ingest.errors import IngestError
from analyst.ingest.options import IngestOptions

__all__ = ["IngestError", "IngestOptions", "ingest_file"]
