"""Card looks and the new card kinds: byte-identical per seed, JPEG files end to end, clear errors,
and drawn states that differ where a question needs them to."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytesseract
import pytest
from PIL import Image, ImageOps

from arena.providers.messages import ImagePart
from multimodal.cards import typefaces
from multimodal.cards.examples import EXAMPLES, LETTER
from multimodal.cards.look import PRESETS, legibility_class, resolve_look
from multimodal.cards.render import CardError, CardSpec, card_bytes, render_card, render_cards
from multimodal.images import fit_image, inspect_file, sniff_format
from tests.conftest import FIXTURE_CASE, ROOT

KINDS = list(EXAMPLES)


@pytest.mark.parametrize("look", list(PRESETS))
def test_every_look_is_byte_identical_per_seed(look: str) -> None:
    spec = CardSpec(file="a.jpg" if "photo" in look else "a.png", template="document", params=LETTER, look=look)
    assert card_bytes(spec) == card_bytes(spec)


@pytest.mark.parametrize("spec", KINDS, ids=lambda s: s.template)
def test_every_new_kind_renders_identically_twice(spec: CardSpec) -> None:
    first = card_bytes(spec)
    assert first == card_bytes(spec)
    img = render_card(spec)
    assert img.width >= 200 and img.height >= 100
    low, high = img.convert("L").getextrema()
    assert high - low > 60


def test_the_seed_changes_the_look_and_defaults_to_the_file_name() -> None:
    base = CardSpec(file="a.png", template="document", params=LETTER, look={"preset": "aged", "seed": 1})
    other = base.model_copy(update={"look": {"preset": "aged", "seed": 2}})
    assert card_bytes(base) != card_bytes(other)
    unseeded = base.model_copy(update={"look": "aged"})
    renamed = unseeded.model_copy(update={"file": "b.png"})
    assert card_bytes(unseeded) != card_bytes(renamed)


def test_plain_look_leaves_the_card_as_it_was() -> None:
    spec = CardSpec(file="a.png", template="document", params=LETTER)
    assert card_bytes(spec.model_copy(update={"look": "plain"})) == card_bytes(spec)


def test_look_face_fills_unset_faces_and_params_win() -> None:
    plain = render_card(CardSpec(file="a.png", template="document", params=LETTER))
    hand = render_card(CardSpec(file="a.png", template="document", params=LETTER, look={"face": "hand_pen"}))
    faces = {"font": "serif", "heading_font": "bold", "signature_font": "italic"}
    pinned = render_card(CardSpec(file="a.png", template="document", look={"face": "hand_pen"},
                                  params={**LETTER, **faces}))
    assert hand.tobytes() != plain.tobytes()
    assert pinned.tobytes() == plain.tobytes()


def test_jpeg_card_files_are_jpeg_everywhere(tmp_path: Path) -> None:
    (tmp_path / "cards.yaml").write_text(
        "cards:\n  - file: images/photo.jpg\n    template: document\n    look: photographed\n"
        "    params: {body: The lamp was lit at ten past eleven.}\n", encoding="utf-8")
    [path] = render_cards(tmp_path)
    data = path.read_bytes()
    assert sniff_format(data) == "jpeg" and b"Exif" not in data[:64]
    info = inspect_file(path)
    assert info.media_type == "image/jpeg"
    fitted, media_type = fit_image(data, 8192, 20 * 1024 * 1024)
    assert (fitted, media_type) == (data, "image/jpeg")
    assert ImagePart(data=data, media_type=info.media_type).data_url().startswith("data:image/jpeg;base64,")


@pytest.mark.parametrize("spec,match", [
    (CardSpec(file="a.gif", template="clock", params={"hour": 1, "minute": 2}), "ends in .png, .jpg"),
    (CardSpec(file="a.png", template="clock", params={"hour": 1, "minute": 2}, look="sepia"), "unknown look 'sepia'"),
    (CardSpec(file="a.png", template="clock", params={"hour": 1, "minute": 2}, look={"tilt": 90}), "tilt"),
    (CardSpec(file="a.png", template="document", params={"body": "x", "font": "comic"}), "unknown font face"),
    (CardSpec(file="a.png", template="timetable", params={"start": "25:00", "end": "01:00", "rows": [{"label": "x"}]}),
     "HH:MM"),
    (CardSpec(file="a.png", template="furnished_plan", params={
        "cols": 1, "rows": 1, "rooms": [{"name": "Hall", "x": 0, "y": 0, "w": 1, "h": 1}],
        "sightings": [{"person": "Ghost", "room": "Hall", "time": "21:00"}]}), "missing from people"),
    (CardSpec(file="a.png", template="collage", params={"items": [{"template": "collage"}]}), "cannot hold a collage"),
])
def test_bad_specs_name_the_card_and_the_problem(spec: CardSpec, match: str) -> None:
    with pytest.raises(CardError) as err:
        card_bytes(spec)
    assert spec.file in str(err.value) and match in str(err.value)


def test_a_missing_font_package_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    gone = typefaces.SystemFace("fonts-nowhere", "/nonexistent/face.ttf", "OFL-1.1", True)
    monkeypatch.setitem(typefaces.SYSTEM_FACES, "hand_pen", gone)
    typefaces._system_font.cache_clear()
    try:
        with pytest.raises(CardError, match="fonts-nowhere.*make setup"):
            render_card(CardSpec(file="n.png", template="document", params=LETTER, look="handwritten"))
    finally:
        monkeypatch.undo()
        typefaces._system_font.cache_clear()


def test_every_system_face_is_installed() -> None:
    assert typefaces.missing_packages() == [], "run tools/system_deps.sh"


def red_share(img: Image.Image) -> float:
    arr = np.asarray(img.convert("RGB"), dtype=np.int32)
    return float(((arr[..., 0] > 90) & (arr[..., 1] < 40) & (arr[..., 2] < 50)).mean())


def evidence(**item: object) -> Image.Image:
    return render_card(CardSpec(file="e.png", template="evidence", params={"items": [item], "seed": 1}))


def test_drawn_states_differ_where_questions_look() -> None:
    assert red_share(evidence(kind="knife", bloodied=True)) > 5 * red_share(evidence(kind="knife")) + 0.001
    full = np.asarray(evidence(kind="vial", fill=0.9, colour="teal").convert("RGB"), dtype=np.int32)
    empty = np.asarray(evidence(kind="vial", fill=0.0, colour="teal").convert("RGB"), dtype=np.int32)
    teal = (np.abs(full - (0, 128, 128)).sum(axis=2) < 90).mean()
    assert teal > 0.01 and (np.abs(empty - (0, 128, 128)).sum(axis=2) < 90).mean() < teal / 10
    assert evidence(kind="glove", torn=True).tobytes() != evidence(kind="glove").tobytes()


def test_a_mirrored_timepiece_is_the_mirror_image() -> None:
    params = {"hour": 2, "minute": 10, "style": "wall"}
    straight = render_card(CardSpec(file="t.png", template="timepiece", params=params))
    mirrored = render_card(CardSpec(file="t.png", template="timepiece", params={**params, "mirrored": True}))
    assert ImageOps.mirror(straight).tobytes() == mirrored.tobytes()


def test_cctv_timestamp_is_burnt_in_and_readable() -> None:
    img = render_card(KINDS[0])
    assert "01:12:44" in pytesseract.image_to_string(img.crop((img.width // 2, img.height - 70, img.width, img.height)))


def test_legibility_class_sorts_the_presets() -> None:
    classes = {name: legibility_class(resolve_look(name)) for name in PRESETS}
    assert {n for n, c in classes.items() if c == "hard"} == {"handwritten", "scrawled", "stamped", "photo_heavy"}
    assert legibility_class(None) == "mild"


def test_a_case_with_a_photographed_jpeg_card_renders_and_validates(tmp_path: Path) -> None:
    case = tmp_path / "case"
    shutil.copytree(FIXTURE_CASE, case)
    shutil.rmtree(case / "images")
    cards = (case / "cards.yaml").read_text(encoding="utf-8")
    (case / "cards.yaml").write_text(cards.replace("file: images/note.png\n    template: document\n",
                                                   "file: images/note.jpg\n    template: document\n"
                                                   "    look: photographed\n"), encoding="utf-8")
    script = (case / "script.yaml").read_text(encoding="utf-8")
    (case / "script.yaml").write_text(script.replace("images/note.png", "images/note.jpg"), encoding="utf-8")
    code = "from arena.cli import main; main()"
    for command in ("render", "validate"):
        done = subprocess.run([sys.executable, "-c", code, "scripts", command, str(case)], capture_output=True,
                              text=True, cwd=ROOT, timeout=120)
        assert done.returncode == 0, done.stdout + done.stderr
    assert inspect_file(case / "images" / "note.jpg").media_type == "image/jpeg"
    assert legibility_class(resolve_look("photographed")) == "mild"
