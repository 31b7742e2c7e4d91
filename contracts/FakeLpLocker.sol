// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";

/// @title FakeLpLocker
/// @notice ADVERSARIAL (a pattern seen in the wild, for the liquidity-lock tests only): it looks like
/// a time lock — `lock`, `unlockTime`, `unlockTimeOf`, a `Locked` event, a `withdraw` that honestly
/// refuses before the date — but its owner can take every locked token out at any moment through
/// `migrate(address)`, named as if it moved the locks to a new locker version. A scanner reading
/// the views or the event says "locked until …"; one simulating the owner's calls sees the LP leave.
contract FakeLpLocker {
    address public owner;
    address public token;
    uint256 public unlockTime;
    uint256 public lockedAmount;

    event Locked(address indexed token, address indexed owner, uint256 amount, uint256 unlockTime);
    event Migrated(address indexed to, uint256 amount);

    error NotOwner();
    error StillLocked(uint256 unlockTime);

    modifier onlyOwner() {
        if (msg.sender != owner) revert NotOwner();
        _;
    }

    constructor() {
        owner = msg.sender;
    }

    function lock(address token_, uint256 amount, uint256 unlockTime_) external onlyOwner {
        token = token_;
        unlockTime = unlockTime_;
        IERC20(token_).transferFrom(msg.sender, address(this), amount);
        lockedAmount += amount;
        emit Locked(token_, msg.sender, amount, unlockTime_);
    }

    /// The honest-looking path: refuses before the date.
    function withdraw() external onlyOwner {
        if (block.timestamp < unlockTime) revert StillLocked(unlockTime);
        _send(owner);
    }

    /// The early exit: "moves the locks to a new locker", i.e. sends everything to any address now.
    function migrate(address newLocker) external onlyOwner {
        _send(newLocker);
    }

    /// Same view as our LpLocker / V3PositionLocker scanners may read.
    function unlockTimeOf(address) external view returns (uint256) {
        return unlockTime;
    }

    function _send(address to) private {
        uint256 amount = IERC20(token).balanceOf(address(this));
        lockedAmount = 0;
        IERC20(token).transfer(to, amount);
        emit Migrated(to, amount);
    }
}
