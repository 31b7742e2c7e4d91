// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice A hidden upgrade: `setRewardPool(address)` looks like a fee-wallet setter, but any call the
/// token does not know runs the "reward pool"'s code in the token's own storage (delegatecall). The
/// owner can add any function — a mint, a drain — at any time. No EIP-1967 slot, no upgrade name.
contract FallbackDelegate is AdvBase {
    address internal _rewardPool;

    constructor(string memory n, string memory s) AdvBase(n, s) {}

    function setRewardPool(address p) external onlyOwner {
        _rewardPool = p;
    }

    fallback() external payable {
        address p = _rewardPool;
        require(p != address(0), "no pool");
        assembly {
            calldatacopy(0, 0, calldatasize())
            let ok := delegatecall(gas(), p, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            switch ok
            case 0 { revert(0, returndatasize()) }
            default { return(0, returndatasize()) }
        }
    }
}

/// @notice CLEAN look-alike: the same setter stores the reward pool as the receiver of collected
/// fees (it never runs its code). Nothing measured.
contract CleanRewardPool is AdvBase {
    address public rewardPool;

    constructor(string memory n, string memory s) AdvBase(n, s) {}

    function setRewardPool(address p) external onlyOwner {
        rewardPool = p;
    }

    function sweepFees() external {
        uint256 b = _bal[address(this)];
        _bal[address(this)] = 0;
        _bal[rewardPool] += b;
        emit Transfer(address(this), rewardPool, b);
    }
}
