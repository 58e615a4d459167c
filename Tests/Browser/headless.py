"""Debian's Chromium, headless, driven by selenium: shared by the browser test and scripts/playground-screenshots."""
from selenium import webdriver
from selenium.webdriver.chrome.service import Service


def browser(width=1280, height=800):
    """A headless Chromium whose page is exactly width × height CSS pixels (a phone's below 600 wide)."""
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--hide-scrollbars", "--no-proxy-server", f"--window-size={width},{height}"]:
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    # The window size counts the browser's frame; the page itself gets exactly width × height.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
    return driver
