"""Debian's Chromium, headless, driven by selenium: shared by the browser test and scripts/playground-screenshots."""
import os
import shutil
import tempfile

from selenium import webdriver
from selenium.webdriver.chrome.service import Service


class Browser:
    """A headless Chromium (see browser()) whose temporary files — its profile, its singleton's socket folder —
    are all in one folder of its own, removed when it quits: nothing is left behind in the system's."""

    def __init__(self, width=1280, height=800):
        self.folder = tempfile.mkdtemp(prefix="lifecycle-browser-")
        previous = os.environ.get("TMPDIR")
        os.environ["TMPDIR"] = self.folder  # for the driver and the browser it starts
        try:
            self.driver = browser(width, height, profile=os.path.join(self.folder, "profile"))
        except BaseException:
            shutil.rmtree(self.folder, ignore_errors=True)
            raise
        finally:
            if previous is None:
                del os.environ["TMPDIR"]
            else:
                os.environ["TMPDIR"] = previous

    def __enter__(self):
        return self.driver

    def __exit__(self, *details):
        try:
            self.driver.quit()
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)


def browser(width=1280, height=800, profile=None):
    """A headless Chromium whose page is exactly width × height CSS pixels (a phone's below 600 wide)."""
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--hide-scrollbars", "--no-proxy-server", f"--window-size={width},{height}"]:
        options.add_argument(argument)
    if profile is not None:
        options.add_argument(f"--user-data-dir={profile}")
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    # The window size counts the browser's frame; the page itself gets exactly width × height.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
    return driver
