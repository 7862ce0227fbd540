"""Turn an uploaded CSV / Excel / Parquet file into clean Parquet tables and data cards."""

from analyst.ingest.errors import IngestError
from analyst.ingest.options import IngestOptions
from analyst.ingest.pipeline import ingest_file

__all__ = ["IngestError", "IngestOptions", "ingest_file"]
