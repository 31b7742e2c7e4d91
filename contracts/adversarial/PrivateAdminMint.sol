// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice A power holder no getter names: the admin lives in a private variable (no getter, not the
/// deployer), and `sync(uint256)` lets it mint. owner() is renounced.
contract PrivateAdminMint is AdvBase {
    address private _ops;

    constructor(string memory n, string memory s, address ops) AdvBase(n, s) {
        _ops = ops;
    }

    function sync(uint256 amount) external {
        require(msg.sender == _ops, "no");
        _mint(_ops, amount);
    }
}

/// @notice CLEAN look-alike: a private fee receiver that holds no power (anyone may sweep the
/// collected fees to it).
contract CleanPrivateFeeWallet is AdvBase {
    address private _feeTo;

    constructor(string memory n, string memory s, address feeTo) AdvBase(n, s) {
        _feeTo = feeTo;
    }

    function sweep() external {
        uint256 b = _bal[address(this)];
        _bal[address(this)] = 0;
        _bal[_feeTo] += b;
        emit Transfer(address(this), _feeTo, b);
    }
}
