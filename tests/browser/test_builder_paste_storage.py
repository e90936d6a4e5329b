"""The list pasted in the builder's import box, kept with its tab, when the browser's storage
is full or refused: nothing breaks, and a reload never brings back a list other than the
one last pasted."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.builder import example, import_list, open_builder, settle

# Storage that takes short values alone, as a nearly full one does (or Safari's private
# mode, where every write is refused: a limit of 0).
FULL_STORAGE = """
const limit = %d;
const setItem = Storage.prototype.setItem;
Storage.prototype.setItem = function (key, value) {
  if (String(value).length > limit) throw new DOMException("full", "QuotaExceededError");
  return setItem.call(this, key, value);
};
"""


def test_a_paste_too_long_for_full_storage_does_not_bring_back_the_one_before(page):
    """The longer list could not be kept, and the reload gave back the shorter list pasted
    before it, said to be 'the list you pasted'; a list that cannot be kept lets go of the
    one before."""
    page.add_init_script(FULL_STORAGE % 2000)
    open_builder(page, "era")
    first = "Dinos:\n1 Ember Reks\n"
    import_list(page, first)
    page.reload()
    settle(page)
    assert page.input_value("#import-text") == first  # short enough to be kept
    longer = example("era-illegal").replace("1 Embr Rex", "1 Ember Reks")
    longer += "".join(f"# note {n} of a long list pasted from a forum\n" for n in range(80))
    import_list(page, longer)
    expect(page.locator("#import-report .import-problem")).not_to_have_count(0)
    page.reload()
    settle(page)
    assert page.input_value("#import-text") == ""
    expect(page.locator("#import-report")).not_to_contain_text("The list you pasted")


def test_a_builder_with_all_storage_refused_still_imports(page):
    """Every write refused (a private window's storage, say): the list is read and reported,
    and a reload brings nothing back."""
    page.add_init_script(FULL_STORAGE % -1)
    open_builder(page, "era")
    import_list(page, example("era-illegal").replace("1 Embr Rex", "1 Ember Reks"))
    expect(page.locator("#import-report .import-problem")).not_to_have_count(0)
    page.reload()
    settle(page)
    assert page.input_value("#import-text") == ""
