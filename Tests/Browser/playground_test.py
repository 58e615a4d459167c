#!/usr/bin/python3
"""The playground in a real headless browser: tap an app, press Home, and read what the page shows.

Usage: playground_test.py URL SCREENSHOT

Run by LifecycleWebTests/BrowserTests.swift against a server it starts; needs Debian's chromium,
chromium-driver and python3-selenium (.ci/run installs them). Exits 0 when every check holds, 1 with the
reason otherwise.
"""
import sys

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from headless import Browser


def trace_lines(driver):
    return [line.text for line in driver.find_elements(By.CSS_SELECTOR, "#trace .line")]


def main(url, screenshot):
    with Browser() as driver:
        check(driver, url, screenshot)


def check(driver, url, screenshot):
    # Generous: the page answers in milliseconds, but the test suite shares two cores with real-time tests.
    wait = WebDriverWait(driver, 60)
    driver.get(url)
    wait.until(lambda d: d.find_element(By.ID, "connection").text == "connected")
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, '#screen .icon[data-app="notes"]'))
    driver.find_element(By.CSS_SELECTOR, '#screen .icon[data-app="notes"]').click()
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#screen .app-screen"))
    wait.until(lambda d: any("applicationDidBecomeActive:" in line for line in trace_lines(d)))
    driver.find_element(By.ID, "home-button").click()
    wait.until(lambda d: any("applicationDidEnterBackground:" in line for line in trace_lines(d)))
    lines = trace_lines(driver)
    resign = next(i for i, line in enumerate(lines) if "applicationWillResignActive:" in line)
    background = next(i for i, line in enumerate(lines) if "applicationDidEnterBackground:" in line)
    if not resign < background:
        raise AssertionError(f"applicationWillResignActive: at {resign}, after applicationDidEnterBackground:")
    wait.until(lambda d: d.find_element(By.CSS_SELECTOR, ".chart-app .state.current").get_attribute(
        "data-state") == "suspended")
    source = driver.find_element(By.ID, "source").get_attribute("value")
    if not source.endswith("tap notes\nhome\n"):
        raise AssertionError(f"the scenario does not end with the two lines: {source!r}")
    card = driver.find_element(By.CSS_SELECTOR, '.app-card[data-app="notes"] .badge').text
    if card != "suspended":
        raise AssertionError(f"the notes card says {card}")
    # A mistake typed in the editor is marked at its line, with the command line's message.
    editor = driver.find_element(By.ID, "source")
    editor.send_keys("tap nots\n")
    driver.find_element(By.ID, "step").click()
    wait.until(lambda d: d.find_element(By.ID, "problem").is_displayed())
    problem = driver.find_element(By.ID, "problem").text
    if "playground.scenario:9:5: error:" not in problem:
        raise AssertionError(f"the problem shown is {problem!r}")
    if driver.find_element(By.CSS_SELECTOR, "#gutter .error").text != "9":
        raise AssertionError("line 9 is not marked in the editor")
    driver.save_screenshot(screenshot)
    # A shared link opens its scenario.
    driver.find_element(By.ID, "share").click()
    link = driver.current_url
    if "#scenario=" not in link:
        raise AssertionError(f"the share link is {link!r}")
    driver.get("about:blank")
    driver.get(link)
    wait.until(lambda d: d.find_element(By.ID, "source").get_attribute("value").endswith("tap nots\n"))
    wait.until(lambda d: "9:5" in d.find_element(By.ID, "problem").text)


if __name__ == "__main__":
    try:
        main(sys.argv[1], sys.argv[2])
    except Exception as error:  # the reason goes to the Swift test's output
        print(f"{type(error).__name__}: {error}", file=sys.stderr)
        sys.exit(1)
