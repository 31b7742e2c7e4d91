// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";

/// @title LpLocker
/// @notice Time-locks tokens (in practice Uniswap V2 LP tokens) so a deployer can prove on chain
/// that it cannot pull the liquidity before a given date; scanners read the views to check that.
contract LpLocker is ReentrancyGuard {
    using SafeERC20 for IERC20;

    struct Lock {
        address token;
        uint64 unlockTime;
        bool withdrawn;
        address owner;
        uint256 amount;
    }

    Lock[] private _locks;
    mapping(address token => uint256[] ids) private _locksByToken;

    event Locked(uint256 indexed id, address indexed token, address indexed owner, uint256 amount, uint64 unlockTime);
    event Withdrawn(uint256 indexed id, address indexed token, address indexed owner, uint256 amount);
    event Extended(uint256 indexed id, uint64 unlockTime);

    error ZeroAmount();
    error UnlockTimeNotInFuture();
    error UnknownLock(uint256 id);
    error NotLockOwner();
    error StillLocked(uint64 unlockTime);
    error AlreadyWithdrawn();
    error UnlockTimeNotLater();

    /// @notice Pulls `amount` of `token` from the caller and locks it until `unlockTime`.
    /// @dev Records what actually arrived, so a fee-on-transfer token cannot overstate its lock.
    function lock(address token, uint256 amount, uint64 unlockTime) external nonReentrant returns (uint256 id) {
        if (amount == 0) revert ZeroAmount();
        if (unlockTime <= block.timestamp) revert UnlockTimeNotInFuture();
        uint256 before = IERC20(token).balanceOf(address(this));
        IERC20(token).safeTransferFrom(msg.sender, address(this), amount);
        uint256 received = IERC20(token).balanceOf(address(this)) - before;
        if (received == 0) revert ZeroAmount();

        id = _locks.length;
        _locks.push(Lock({token: token, unlockTime: unlockTime, withdrawn: false, owner: msg.sender, amount: received}));
        _locksByToken[token].push(id);
        emit Locked(id, token, msg.sender, received, unlockTime);
    }

    /// @notice Returns a lock's tokens to its owner once the unlock time has passed.
    function withdraw(uint256 id) external nonReentrant {
        Lock storage l = _lock(id);
        if (msg.sender != l.owner) revert NotLockOwner();
        if (l.withdrawn) revert AlreadyWithdrawn();
        if (block.timestamp < l.unlockTime) revert StillLocked(l.unlockTime);
        l.withdrawn = true;
        IERC20(l.token).safeTransfer(l.owner, l.amount);
        emit Withdrawn(id, l.token, l.owner, l.amount);
    }

    /// @notice Pushes a lock's unlock time later (never earlier), e.g. to renew a lock before it ends.
    function extend(uint256 id, uint64 newUnlockTime) external {
        Lock storage l = _lock(id);
        if (msg.sender != l.owner) revert NotLockOwner();
        if (l.withdrawn) revert AlreadyWithdrawn();
        if (newUnlockTime <= l.unlockTime) revert UnlockTimeNotLater();
        l.unlockTime = newUnlockTime;
        emit Extended(id, newUnlockTime);
    }

    /// @notice Number of locks ever created; ids run from 0 to `lockCount() - 1`.
    function lockCount() external view returns (uint256) {
        return _locks.length;
    }

    /// @notice One lock's details.
    function getLock(uint256 id)
        external
        view
        returns (address token, address owner, uint256 amount, uint64 unlockTime, bool withdrawn)
    {
        Lock storage l = _lock(id);
        return (l.token, l.owner, l.amount, l.unlockTime, l.withdrawn);
    }

    /// @notice Ids of every lock (active or withdrawn) ever made for `token`.
    function locksOf(address token) external view returns (uint256[] memory ids) {
        return _locksByToken[token];
    }

    /// @notice How much of `token` is still held here (locks not yet withdrawn, expired or not).
    function lockedAmount(address token) external view returns (uint256 total) {
        uint256[] storage ids = _locksByToken[token];
        for (uint256 i = 0; i < ids.length; i++) {
            Lock storage l = _locks[ids[i]];
            if (!l.withdrawn) total += l.amount;
        }
    }

    /// @notice Earliest unlock time among `token`'s locks not yet withdrawn (0 if none). It may be in
    /// the past: that lock has expired and its owner can withdraw at any moment.
    function nextUnlockTime(address token) external view returns (uint64 earliest) {
        uint256[] storage ids = _locksByToken[token];
        for (uint256 i = 0; i < ids.length; i++) {
            Lock storage l = _locks[ids[i]];
            if (!l.withdrawn && (earliest == 0 || l.unlockTime < earliest)) earliest = l.unlockTime;
        }
    }

    function _lock(uint256 id) private view returns (Lock storage) {
        if (id >= _locks.length) revert UnknownLock(id);
        return _locks[id];
    }
}
